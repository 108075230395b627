import Foundation

/// What a person does with a mouse or a finger: drag one element onto another, draw a stroke, and
/// drop files from the desktop. Drags go through WebDriver's pointer actions, so the page gets the
/// browser's own dragstart, dragover and drop with a real DataTransfer.
extension Chromium {
    /// The WebDriver reference of the element `selector` finds.
    func element(_ selector: String) async throws -> [String: Any] {
        guard let found = try await command("POST", "/element", ["using": "css selector", "value": selector])["value"] as? [String: Any] else {
            throw BrowserError.driver("no element \(selector)")
        }
        return found
    }

    /// Clicks the middle of `selector` with the mouse: a person's click, which the browser counts as
    /// the gesture it waits for before a page may play sound (a script's `click()` is not one).
    func click(_ selector: String) async throws {
        try await pointer([
            ["type": "pointerMove", "duration": 0, "origin": try await element(selector), "x": 0, "y": 0],
            ["type": "pointerDown", "button": 0],
            ["type": "pointerUp", "button": 0],
        ])
    }

    /// Presses on `source`, moves onto `target` in steps as a hand would, and lets go.
    func drag(_ source: String, to target: String) async throws {
        try await onElementsShownNow {
            let from = try await element(source)
            let to = try await element(target)
            try await pointer([
                ["type": "pointerMove", "duration": 0, "origin": from, "x": 0, "y": 0],
                ["type": "pointerDown", "button": 0],
                ["type": "pointerMove", "duration": 100, "origin": "pointer", "x": 6, "y": 6],
                ["type": "pointerMove", "duration": 250, "origin": to, "x": 0, "y": 0],
                ["type": "pointerMove", "duration": 100, "origin": "pointer", "x": 2, "y": 2],
                ["type": "pointerUp", "button": 0],
            ])
        }
    }

    /// Draws one stroke on `selector` through `points`, offsets in CSS pixels from its centre.
    func stroke(on selector: String, through points: [(x: Int, y: Int)]) async throws {
        guard let first = points.first else { return }
        try await onElementsShownNow {
            let target = try await element(selector)
            var moves: [[String: Any]] = [
                ["type": "pointerMove", "duration": 0, "origin": target, "x": first.x, "y": first.y], ["type": "pointerDown", "button": 0],
            ]
            moves += points.dropFirst().map { ["type": "pointerMove", "duration": 30, "origin": target, "x": $0.x, "y": $0.y] }
            moves.append(["type": "pointerUp", "button": 0])
            try await pointer(moves)
        }
    }

    /// Drops files from the desktop at the centre of `selector`, scrolled into view first as a person
    /// would (Chromium's own drag events, as when a file is dragged in from outside the browser).
    /// A drop goes to a point on the screen, not to an element, so it waits until the target is at
    /// the same place twice in a row and is the element found at its centre: a panel still filling
    /// in above it (presence, pictures loading) would otherwise move it away from the drop.
    func dropFiles(_ paths: [String], on selector: String) async throws {
        let script = """
            const target = document.querySelector(\(try jsString(selector)));
            if (!target) return null;
            target.scrollIntoView({ block: 'center' });
            const box = target.getBoundingClientRect();
            const x = box.left + box.width / 2, y = box.top + box.height / 2;
            return target.contains(document.elementFromPoint(x, y)) ? [x, y] : [];
            """
        var previous: [Double]? = nil
        var settled: [Double]? = nil
        for _ in 0..<100 where settled == nil {
            guard let point = try await evaluate(script) as? [Double] else { throw BrowserError.driver("no element \(selector)") }
            if point.count == 2, point == previous { settled = point }
            previous = point
            try await Task.sleep(for: .milliseconds(100))
        }
        guard let point = settled else { throw BrowserError.driver("\(selector) did not keep still under the pointer") }
        let data: [String: Any] = ["items": [], "files": paths, "dragOperationsMask": 1]
        for type in ["dragEnter", "dragOver", "drop"] {
            _ = try await command(
                "POST", "/goog/cdp/execute",
                ["cmd": "Input.dispatchDragEvent", "params": ["type": type, "x": point[0], "y": point[1], "data": data]])
        }
    }

    /// Runs `gesture` again, once, on the elements found anew when the page replaced one it was
    /// given between finding it and the gesture (WebDriver's "stale element reference": a list drawn
    /// again as an event arrived), as a person does it again on what the page shows now. The mouse
    /// is let go first.
    private func onElementsShownNow(_ gesture: () async throws -> Void) async throws {
        do {
            try await gesture()
        } catch BrowserError.driver(let message) where message.contains("stale element") {
            _ = try? await command("DELETE", "/actions")
            try await gesture()
        }
    }

    private func pointer(_ actions: [[String: Any]]) async throws {
        _ = try await command(
            "POST", "/actions", ["actions": [["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": actions]]])
        _ = try await command("DELETE", "/actions")
    }

    /// `text` as a JavaScript string literal.
    private func jsString(_ text: String) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
    }
}
