import VigilCore

/// Camera views on `cameras/{site}` (docs/protocol.md §6.4): the control room puts a camera on a
/// guard's phone or a wall, a guard swipes to a neighbouring camera. Each returns the switch as
/// the hub committed it.
extension VigilClient {
    /// Admins and operators: shows `camera` on `viewer`; `jump` allows a camera that is not a
    /// neighbour of the one shown.
    @discardableResult
    public func switchCamera(site: String, viewer: String, to camera: String, jump: Bool = false) async throws -> CameraSwitched {
        try await cameraCommand(site, "switch", CameraCommand.Switch(viewer: viewer, camera: camera, jump: jump))
    }

    /// Admins, operators and guards: moves `viewer`'s view (this token's own when nil) one way.
    @discardableResult
    public func swipeCamera(site: String, _ direction: CameraDirection, viewer: String? = nil) async throws -> CameraSwitched {
        try await cameraCommand(site, "swipe", CameraCommand.Swipe(direction: direction, viewer: viewer))
    }

    private func cameraCommand(_ site: String, _ type: String, _ data: some Encodable) async throws -> CameraSwitched {
        let ok = try await command("cameras/\(site)", type, data)
        return try (ok["data"] ?? .null).decode(CameraSwitched.self)
    }
}
