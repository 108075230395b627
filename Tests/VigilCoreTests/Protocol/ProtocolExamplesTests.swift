import Foundation
import Testing
import VigilCore

/// The JSON examples of `docs/protocol.md` against the typed contract (`Sources/VigilCore/Contract`):
/// each example's `data` or `result` whose shape the contract defines decodes into its type and
/// encodes back to the same value, so the document, the hub and the clients cannot drift apart.
struct ProtocolExamplesTests {
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/protocol.md")

    /// One example: a line of the document that is a protocol message.
    struct Example {
        let line: Int
        let message: JSONValue
        var op: String? { message["op"]?.stringValue }
        var topic: String? { message["topic"]?.stringValue }
        var type: String? { message["type"]?.stringValue }
    }

    static func examples() throws -> [Example] {
        let text = try String(contentsOf: document, encoding: .utf8)
        return try text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard line.hasPrefix("{\"op\"") else { return nil }
            return Example(line: index + 1, message: try JSONValue(parsing: line))
        }
    }

    /// Decodes `value` as `T` and encodes it again.
    static func roundTrip<T: Codable>(_ type: T.Type, _ value: JSONValue) throws -> JSONValue {
        try JSONValue(encoding: value.decode(T.self))
    }

    /// The contract's type of an event's (or an accepted publish's) `data`, by the domain of its
    /// topic; nil for a shape the contract does not define yet.
    static func eventData(topic: String, type: String, data: JSONValue) -> ((JSONValue) throws -> JSONValue)? {
        if topic.hasPrefix("chat/") || topic.hasPrefix("inbox/") {
            switch ChatEventType(rawValue: type) {
            case .roomCreated?: return { try roundTrip(ChatRoomCreated.self, $0) }
            case .messagePosted?, .messageEdited?: return { try roundTrip(ChatMessageEvent.self, $0) }
            case .urgentRepeated?: return { try roundTrip(ChatUrgentRepeated.self, $0) }
            case .roomArchived?: return { try roundTrip(ChatRoomArchived.self, $0) }
            case .messageDeleted?, .urgentCancelled?: return { try roundTrip(ChatMessageChanged.self, $0) }
            case .messageAcknowledged?: return { try roundTrip(ChatMessageAcknowledged.self, $0) }
            case .readMarked?: return { try roundTrip(ChatReadMarked.self, $0) }
            default: return nil
            }
        }
        if topic.hasPrefix("alerts/") {
            // A state carries the engine's `head` beside the domain's fields.
            if type == "state" { return { try roundTrip(AlertsState.self, $0).merging(head: $0["head"]) } }
            switch AlertEventType(rawValue: type) {
            // A missed round carries its checkpoint; a loitering alert the zone's findings.
            case .raised? where data["alert"]?["kind"] == "missed-checkpoint": return { try roundTrip(CheckpointMissed.self, $0) }
            case .raised? where data["alert"]?["kind"] == "loitering": return { try roundTrip(ZoneLoitering.self, $0) }
            case .raised?, .escalated?: return { try roundTrip(AlertChanged.self, $0) }
            case .acknowledged?, .resolved?: return { try roundTrip(AlertDecided.self, $0) }
            case .visitMotion?: return { try roundTrip(VisitMotion.self, $0) }
            case .visitEnded?: return { try roundTrip(VisitEnded.self, $0) }
            default: return nil
            }
        }
        if topic.hasPrefix("cameras/") {
            switch CameraEventType(rawValue: type) {
            case .topology?: return { try roundTrip(CameraTopologyImported.self, $0) }
            case .switched?: return { try roundTrip(CameraSwitched.self, $0) }
            default: return nil
            }
        }
        if topic.hasPrefix("checkins/") {
            switch CheckinEventType(rawValue: type) {
            case .checkpointCreated?: return { try roundTrip(CheckpointCreated.self, $0) }
            case .recorded?: return { try roundTrip(CheckInRecorded.self, $0) }
            case .assigned?: return { try roundTrip(CheckpointAssigned.self, $0) }
            default: return nil
            }
        }
        if topic.hasPrefix("notice/"), type == Notice.eventType { return { try roundTrip(Notice.self, $0) } }
        if topic.hasPrefix("typing/"), type == "typing" { return { try roundTrip(ChatTyping.self, $0) } }
        if topic.hasPrefix("detections/"), DetectionEventType(rawValue: type) == .detections {
            return { try roundTrip(DetectionsOverlay.self, $0) }
        }
        if topic.hasPrefix("zones/") {
            switch ZoneEventType(rawValue: type) {
            case .defined?: return { try roundTrip(ZoneDefined.self, $0) }
            case .removed?: return { try roundTrip(ZoneRemoved.self, $0) }
            case .detections?: return { try roundTrip(ZoneDetections.self, $0) }
            case .crossings?: return { try roundTrip(ZoneCrossings.self, $0) }
            default: return nil
            }
        }
        if topic.hasPrefix("flood/") {
            switch FloodEventType(rawValue: type) {
            case .regionCreated?: return { try roundTrip(FloodRegionCreated.self, $0) }
            case .boundaryAdded?: return { try roundTrip(FloodBoundaryAdded.self, $0) }
            case .eventOpened?, .eventClosed?, .eventRenamed?: return { try roundTrip(FloodEventChanged.self, $0) }
            case .markerSubmitted?: return { try roundTrip(FloodMarkerSubmitted.self, $0) }
            case .markersApproved?: return { try roundTrip(FloodMarkersApproved.self, $0) }
            case .markersRejected?: return { try roundTrip(FloodMarkersRejected.self, $0) }
            case .markersRemoved?: return { try roundTrip(FloodMarkersRemoved.self, $0) }
            default: return nil
            }
        }
        return nil
    }

    /// The contract's type of a command's `data`; nil for a command whose `data` the contract does
    /// not define yet.
    static func commandData(topic: String, type: String) -> ((JSONValue) throws -> JSONValue)? {
        if topic.hasPrefix("alerts/") {
            switch type {
            case "raise": return { try roundTrip(AlertCommand.Raise.self, $0) }
            case "acknowledge", "resolve": return { try roundTrip(AlertCommand.Decide.self, $0) }
            default: return nil
            }
        }
        if topic.hasPrefix("cameras/") {
            switch type {
            case "switch": return { try roundTrip(CameraCommand.Switch.self, $0) }
            case "swipe": return { try roundTrip(CameraCommand.Swipe.self, $0) }
            default: return nil
            }
        }
        if topic.hasPrefix("chat/") {
            switch type {
            case "create_room": return { try roundTrip(ChatRoomCommand.CreateRoom.self, $0) }
            case "archive_room": return { try roundTrip(ChatRoomCommand.ArchiveRoom.self, $0) }
            case "say": return { try roundTrip(ChatRoomCommand.Say.self, $0) }
            case "edit": return { try roundTrip(ChatRoomCommand.Edit.self, $0) }
            case "delete", "acknowledge", "cancel_urgent": return { try roundTrip(ChatRoomCommand.OnMessage.self, $0) }
            default: return nil
            }
        }
        if topic.hasPrefix("checkins/") {
            switch type {
            case "create_checkpoint": return { try roundTrip(CheckinCommand.CreateCheckpoint.self, $0) }
            case "assign_checkpoint": return { try roundTrip(CheckinCommand.AssignCheckpoint.self, $0) }
            case "check_in": return { try roundTrip(CheckinCommand.CheckIn.self, $0) }
            default: return nil
            }
        }
        if topic.hasPrefix("push/") {
            switch type {
            case "register_phone": return { try roundTrip(PhoneRegistration.self, $0) }
            case "remove_phone": return { try roundTrip(PhoneRemoval.self, $0) }
            case "set_settings": return { try roundTrip(PushSettings.self, $0) }
            default: return nil
            }
        }
        if topic.hasPrefix("typing/"), type == "typing" { return { try roundTrip(ChatTypingCommand.self, $0) } }
        if topic.hasPrefix("zones/"), type == "define" { return { try roundTrip(WatchZoneDefinition.self, $0) } }
        if topic.hasPrefix("notice/"), type == Notice.eventType { return { try roundTrip(Notice.self, $0) } }
        if topic.hasPrefix("inbox/"), type == "read" { return { try roundTrip(ChatReadCommand.self, $0) } }
        guard topic.hasPrefix("flood/") else { return nil }
        switch type {
        case "create_region": return { try roundTrip(FloodRegionCommand.CreateRegion.self, $0) }
        case "add_boundary": return { try roundTrip(FloodRegionCommand.AddBoundary.self, $0) }
        case "open_event": return { try roundTrip(FloodRegionCommand.OpenEvent.self, $0) }
        case "rename_event": return { try roundTrip(FloodRegionCommand.RenameEvent.self, $0) }
        case "close_event": return { try roundTrip(FloodRegionCommand.CloseEvent.self, $0) }
        case "submit": return { try roundTrip(FloodReport.self, $0) }
        case "approve", "reject", "remove": return { try roundTrip(FloodModeration.self, $0) }
        default: return nil
        }
    }

    /// The contract's type of a query's `result`.
    static func queryResult(topic: String, type: String) -> ((JSONValue) throws -> JSONValue)? {
        switch (topic.split(separator: "/").first, type) {
        case ("chat", "search"): { try roundTrip(ChatMessagePage.self, $0) }
        case ("detections", "roi"): { try roundTrip(RoiPage.self, $0) }
        case ("detections", "timeline"): { try roundTrip(DetectionTimeline.self, $0) }
        case ("detections", "similar"): { try roundTrip(SimilarResults.self, $0) }
        case ("zones", "zones"): { try roundTrip(ZoneList.self, $0) }
        default: nil
        }
    }

    /// The contract's type of a query's `data`; nil for a query whose `data` the contract does not define yet.
    static func queryData(topic: String, type: String) -> ((JSONValue) throws -> JSONValue)? {
        switch (topic.split(separator: "/").first, type) {
        case ("chat", "search"): { try roundTrip(ChatSearchQuery.self, $0) }
        case ("chat", "messages"): { try roundTrip(ChatMessagesQuery.self, $0) }
        case ("detections", "roi"): { try roundTrip(RoiQueryData.self, $0) }
        case ("detections", "timeline"): { try roundTrip(TimelineQueryData.self, $0) }
        case ("detections", "similar"): { try roundTrip(SimilarQueryData.self, $0) }
        case ("zones", "zones"): { try roundTrip(ZoneListQuery.self, $0) }
        default: nil
        }
    }

    @Test func everyExampleTheContractDefinesDecodesAndEncodesBackUnchanged() throws {
        var asked: [String: (topic: String, type: String)] = [:]  // a query's ref -> what it asked, for its answer
        var checked: [String] = []
        for example in try Self.examples() {
            let place = "docs/protocol.md:\(example.line)"
            if example.op == "query", let ref = example.message["ref"]?.stringValue, let topic = example.topic, let type = example.type {
                asked[ref] = (topic, type)
                if let data = example.message["data"], let check = Self.queryData(topic: topic, type: type) {
                    let again = try check(data)
                    #expect(again == data, "\(place): the \(type) query's data encodes back unchanged: \(again.canonicalText)")
                    checked.append("\(type) data")
                }
            }
            if example.op == "publish", let topic = example.topic, let type = example.type, let data = example.message["data"],
                let check = Self.commandData(topic: topic, type: type)
            {
                let again = try check(data)
                #expect(again == data, "\(place): the \(type) command's data encodes back unchanged: \(again.canonicalText)")
                checked.append("\(type) command")
            }
            if let topic = example.topic, let type = example.type, example.op == "event" || example.op == "ok",
                let data = example.message["data"], let check = Self.eventData(topic: topic, type: type, data: data)
            {
                let again = try check(data)
                #expect(again == data, "\(place): \(type) encodes back unchanged: \(again.canonicalText)")
                checked.append(type)
            }
            if example.op == "ok", let result = example.message["result"], let ref = example.message["ref"]?.stringValue,
                let query = asked[ref], let check = Self.queryResult(topic: query.topic, type: query.type)
            {
                let again = try check(result)
                #expect(again == result, "\(place): the \(query.type) result encodes back unchanged: \(again.canonicalText)")
                checked.append(query.type)
            }
        }
        #expect(
            Set(checked) == [
                "room.created", "message.posted", "search", "state", "alert.raised", "alert.acknowledged", "alert.resolved", "visit.motion",
                "visit.ended", "camera.switched", "checkpoint.created", "checkin.recorded", "checkpoint.assigned", "notice", "event.opened",
                "marker.submitted",
                "markers.approved", "markers.removed", "detections", "roi data", "roi", "timeline data", "timeline", "similar data",
                "zones data", "zones", "create_region command", "add_boundary command", "submit command", "approve command",
                "acknowledge command", "raise command", "swipe command", "notice command", "read command", "read.marked",
                "create_room command", "say command", "edit command", "search data", "create_checkpoint command",
                "assign_checkpoint command", "check_in command", "register_phone command", "set_settings command",
                "define command", "typing command", "typing",
            ], "the examples of the domains on the contract were all found: \(checked)")
        #expect(
            checked.filter { $0 == "alert.raised" }.count == 4,
            "an operator's, a sensor's, a missed round's and a loitering track's alerts: \(checked)")
    }

    @Test func aShapeTheContractRefusesNamesTheField() throws {
        let attachment: JSONValue = ["thumbnail": .string(String(repeating: "a", count: 64)), "source": ["kind": "poster"]]
        #expect(throws: ProtocolError(.invalidData, "data.attachments[0].source.kind must be one of alert, camera, detection, upload")) {
            try JSONValue.array([attachment]).decode([ChatAttachment].self, field: "data.attachments")
        }
        let unnamed: JSONValue = ["thumbnail": .string(String(repeating: "a", count: 64)), "source": ["kind": "alert"]]
        #expect(throws: ProtocolError(.invalidData, "data.source names the alert it came from: id or camera")) {
            try unnamed.decode(ChatAttachment.self)
        }
        #expect(throws: ProtocolError(.invalidData, "data.thumbnail must be a SHA-256 hash as POST /api/thumbnails returns it")) {
            try JSONValue.object(["thumbnail": "9f2c...", "source": ["kind": "upload"]]).decode(ChatAttachment.self)
        }
        #expect(throws: ProtocolError(.invalidData, "data.markers or data.boundary, one of them: a list of marker numbers or a boundary's number")) {
            try JSONValue.object(["markers": .array([.number(7)]), "boundary": .number(1)]).decode(FloodModeration.self)
        }
        #expect(throws: ProtocolError(.invalidData, "data.severity must be a whole number")) {
            try JSONValue.object(["kind": .string("door"), "severity": .number(2.5)]).decode(AlertCommand.Raise.self)
        }
        #expect(throws: ProtocolError(.invalidData, "data.direction must be up, down, left or right")) {
            try JSONValue.object(["direction": .string("sideways")]).decode(CameraCommand.Swipe.self)
        }
        #expect(throws: ProtocolError(.invalidData, "data.guard is required (null for nobody)")) {
            try JSONValue.object(["checkpoint": .string("cp_R2d8kQz0LmXa")]).decode(CheckinCommand.AssignCheckpoint.self)
        }
        #expect(
            try JSONValue.object(["checkpoint": .string("cp_R2d8kQz0LmXa"), "guard": .null]).decode(CheckinCommand.AssignCheckpoint.self)
                == CheckinCommand.AssignCheckpoint(checkpoint: "cp_R2d8kQz0LmXa", assignedGuard: nil), "null is nobody")
        #expect(
            try JSONValue(encoding: CheckinCommand.AssignCheckpoint(checkpoint: "cp_R2d8kQz0LmXa", assignedGuard: nil))
                == ["checkpoint": "cp_R2d8kQz0LmXa", "guard": .null], "nobody is sent as null, not left out")
        #expect(throws: ProtocolError(.invalidData, "data.repeatEvery must be a duration such as \"30m\" or milliseconds")) {
            try JSONValue.object(["text": .string("x"), "urgent": true, "repeatEvery": .number(2.5)]).decode(ChatRoomCommand.Say.self)
        }
        #expect(throws: ProtocolError(.invalidData, "data.order must be one of intensity, time")) {
            try JSONValue.object(["cameras": ["lobby"], "from": 0, "to": 1, "order": "size"]).decode(RoiQueryData.self)
        }
        #expect(throws: ProtocolError(.invalidData, "data.from must be a whole number")) {
            try JSONValue.object(["cameras": ["lobby"], "from": 0.5, "to": 1, "bucket": "1m"]).decode(TimelineQueryData.self)
        }
        #expect(throws: ProtocolError(.invalidData, #"data.rule must be {"intensity": 0...1} or {"anchor": "bottom-center" | "center"}"#)) {
            try JSONValue.object(["camera": "lobby", "regions": [["rect": ["x": 0, "y": 0, "width": 1, "height": 1]]], "rule": ["intensity": 1.5]])
                .decode(WatchZoneDefinition.self)
        }
        #expect(throws: ProtocolError(.invalidData, "data.direction must be one of left-to-right, right-to-left, both")) {
            try JSONValue.object(["camera": "lobby", "line": ["from": ["x": 0, "y": 0], "to": ["x": 1, "y": 1]], "direction": "up"])
                .decode(WatchZoneDefinition.self)
        }
        for role: JSONValue in ["captain", .null] {
            #expect(throws: ProtocolError(.invalidData, "data.role must be one of admin, operator, guard, device, reporter"), "\(role)") {
                try JSONValue.object(["role": role, "sites": ["hq"]]).decode(TokenCreation.self)
            }
        }
        #expect(throws: ProtocolError(.invalidData, "data.level must be one of info, warning, urgent")) {
            try JSONValue.object(["text": .string("Gate 3 closed"), "level": .string("loud")]).decode(Notice.self)
        }
        #expect(try JSONValue.object(["text": .string("Gate 3 closed")]).decode(Notice.self) == Notice(text: "Gate 3 closed"), "info when absent")
        let offTheEarth = #expect(throws: ProtocolError.self) {
            try JSONValue.object(["latitude": .number(95), "longitude": .number(0), "severity": .number(3)]).decode(FloodReport.self)
        }
        #expect(
            offTheEarth?.message.hasPrefix("data.latitude and longitude must be a point on the Earth") == true, "\(String(describing: offTheEarth))")
        #expect(throws: ProtocolError(.invalidData, "data.message.seq is required")) {
            try JSONValue.object(["message": ["id": "msg_1", "site": "hq", "room": "control", "author": "olga", "postedAt": 1]]).decode(
                ChatMessageEvent.self)
        }
    }
}

extension JSONValue {
    /// This object with `head` beside its fields, when there is one.
    fileprivate func merging(head: JSONValue?) -> JSONValue {
        guard let head, var fields = objectValue else { return self }
        fields["head"] = head
        return .object(fields)
    }
}
