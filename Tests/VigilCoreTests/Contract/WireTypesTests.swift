import Foundation
import Testing
import VigilCore

/// `public/wire-types.js`, the JSDoc description of the wire shapes for the pages and `vigil.js`, is
/// made from the contract's Swift types (`Sources/VigilCore/Contract`): this test makes it again and
/// fails when the committed file differs, so the two cannot drift. After changing a contract type,
/// `VIGIL_REGENERATE=1 swift test --filter WireTypesTests` writes the file anew.
struct WireTypesTests {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("public/wire-types.js")

    /// One value of each wire type, its optional fields left out: the recording encoder is told of
    /// them all the same. Nested types that are only ever optional or in lists get one of their own.
    static var samples: [any Encodable] {
        let message = ChatMessage(id: "", site: "", room: "", seq: 0, author: "", postedAt: 0)
        let alert = Alert(
            id: "", site: "", kind: "", severity: 1, message: "", thumbnails: [], state: .raised, raisedBy: "", raisedAt: 0, escalateAt: 0)
        let visit = AlertVisit(id: 0, location: "", startedAt: 0, snapshots: [])
        let location = AlertLocation(id: "", name: "", visited: false)
        let checkpoint = Checkpoint(id: "", name: "", everyMs: 0, dueAt: 0, createdAt: 0)
        let camera = Camera(id: "", frameSize: try! FrameSize(width: 1, height: 1), position: Point(x: 0, y: 0), floor: 0)
        let view = CameraView(viewer: "", camera: "", by: "", at: 0)
        let attachment = ChatAttachment(thumbnail: "", source: .upload)
        let region = FloodWire.Region(id: "", number: 0, name: "", timeZone: "", anonymous: false)
        let boundary = FloodWire.Boundary(id: 0, name: "", northWest: .init(latitude: 0, longitude: 0), southEast: .init(latitude: 0, longitude: 0))
        let event = FloodWire.Event(id: 0, boundary: 0, name: "", openedAt: 0, openedBy: "")
        let marker = FloodWire.Marker(id: 0, event: 0, latitude: 0, longitude: 0, severity: 1, description: "", observedAt: 0, submittedAt: 0)
        let detection = WireDetection(id: 0, camera: "", ts: 0, box: Rect(x: 0, y: 0, width: 1, height: 1), label: "", score: 0)
        let hit = DetectionHit(detection: detection, first: 0, last: 0, count: 1)
        let selection = DetectionSelection(
            cameras: [], from: 0, to: 1, regions: [.rect(Rect(x: 0, y: 0, width: 1, height: 1))], rule: .intensity(0), view: camera.frameSize)
        // Every optional field of a zone's definition set, so that its nested types are described.
        var definition = WatchZoneDefinition(camera: "", regions: selection.regions ?? [], rule: .intensity(0), dwell: .text(""))
        definition.line = .init(from: Point(x: 0, y: 0), to: Point(x: 1, y: 1))
        let zone = WatchZone(id: "", definition: definition, definedBy: "", definedAt: 0)
        let count = ZoneHourCount(hour: 0, direction: .leftToRight, count: 0)
        let inside = ZoneDetection(detection: detection, intensity: 0)
        let room = ChatRoom(id: "", site: "", name: "", createdAt: 0)
        let site = SiteSummary(id: "", name: "", createdAt: 0, escalateAfterMs: 0, quietAfterMs: 0)
        let token = TokenSummary(id: "", name: "", role: "", allSites: false, sites: [], createdAt: 0, expiresAt: nil, revokedAt: nil, state: .active)
        return [
            ChatEventType.messagePosted, attachment, ChatAttachment.Scribble(foreground: [], background: []), message,
            ChatMessage.Urgent(repeatEveryMs: 0, recipients: [.init(name: "")]), ChatRoom(id: "", site: "", name: "", createdAt: 0),
            ChatRoomCreated(room: ChatRoom(id: "", site: "", name: "", createdAt: 0)), ChatMessageEvent(message: message),
            ChatUrgentRepeated(message: message, repeat: 0), ChatMessagePage(messages: [message]),
            AlertEventType.raised, alert, location, visit, AlertChanged(alert: alert), AlertDecided(alert: "", by: "", at: 0),
            VisitMotion(location: "", visit: 0, at: 0, thumbnails: []), VisitEnded(location: "", visit: visit),
            AlertsState(alerts: [alert], visited: [location]), AlertLocationPage(locations: [location]),
            AlertVisitPage(location: "", visits: [visit]),
            CameraEventType.switched, camera, CameraTopologyImported(cameras: [camera]), CameraSwitched(viewer: "", by: "", camera: "", floor: 0),
            view, CameraWallState(cameras: [camera], views: [view]), CameraViewState(viewer: "", view: view),
            CheckinEventType.recorded, checkpoint, CheckpointCreated(checkpoint: checkpoint),
            CheckInRecorded(checkpoint: "", name: "", guard: "", at: 0, nextDueAt: 0),
            CheckpointAssigned(checkpoint: "", name: "", assignedGuard: ""),
            CheckpointMissed(alert: alert, checkpoint: .init(id: "", name: "", dueAt: 0)), CheckinsState(checkpoints: [checkpoint]),
            Notice(text: ""),
            FloodEventType.eventOpened, FloodRegionCreated(region: region), FloodBoundaryAdded(boundary: boundary),
            FloodEventChanged(event: event), FloodMarkerSubmitted(marker: marker), FloodMarkersApproved(markers: [marker]),
            FloodMarkersRejected(markers: [0]), FloodMarkersRemoved(markers: [FloodWire.RemovedMarker(id: 0, event: 0, latitude: 0, longitude: 0)]),
            FloodOutline(region: region, boundaries: [boundary], events: [event]),
            FloodWire.MarkerFile(
                features: [
                    FloodWire.MarkerFeature(
                        id: 0, geometry: .init(latitude: 0, longitude: 0),
                        properties: .init(id: 0, event: 0, severity: 1, description: "", observedAt: 0, submittedAt: 0))
                ], head: 0, name: ""),
            DetectionEventType.detections, DetectionsOverlay(camera: "", frame: camera.frameSize, detections: [detection]), hit,
            RoiPage(results: [hit], total: 0), SimilarResults(results: [hit]), RoiQueryData(selection),
            TimelineQueryData(selection, bucket: .text("")), DetectionTimeline(from: 0, to: 1, bucketMs: 1, buckets: []),
            TimelineBucket(start: 0, end: 1, tracks: 0, detections: 0, jump: 0), SimilarQueryData(.detection(0), from: 0, to: 1),
            ZoneEventType.defined, zone, ListedZone(zone: zone, head: 0, counts: [count]), ZoneListQuery(), ZoneList(zones: [], since: 0),
            ZoneDefined(zone: zone), ZoneRemoved(zone: ""), ZoneDetections(zone: "", detections: [inside]),
            ZoneCrossings(zone: "", crossings: [ZoneCrossing(detection: detection, direction: .leftToRight)], counts: [count]),
            ZoneLoitering(alert: alert, zone: "", track: 0, first: 0, last: 0, detection: inside), ZoneState(zone: zone, counts: [count]),
            // Commands' data.
            AlertCommand.Raise(kind: ""), AlertCommand.Decide(alert: ""), CameraCommand.Switch(viewer: "", camera: ""),
            CameraCommand.Swipe(direction: .up), ChatReadCommand(room: "", seq: 0),
            ChatRoomCommand.CreateRoom(name: ""), ChatRoomCommand.ArchiveRoom(room: ""), ChatRoomCommand.Say(text: ""),
            ChatRoomCommand.Edit(message: "", text: ""), ChatTypingCommand(), ChatTyping(until: 0), ChatRoomCommand.OnMessage(message: ""),
            ChatSearchQuery(q: ""), ChatMessagesQuery(),
            CheckinCommand.CreateCheckpoint(name: "", every: .text("")), CheckinCommand.AssignCheckpoint(checkpoint: "", assignedGuard: ""),
            CheckinCommand.CheckIn(code: ""), CheckpointQRCode(checkpoint: "", code: ""),
            PhoneRegistration(endpoint: "", keys: .init(p256dh: "", auth: "")), PhoneRemoval(endpoint: ""),
            PushSettings(quietHours: .init(from: "", to: "", utcOffsetMinutes: 0)),
            // The administration API's bodies and answers.
            SiteCreation(id: ""), TokenCreation(role: .guard), site, SiteList(sites: [site]), SiteCreated(site: site), token,
            TokenList(tokens: [token]), TokenIssued(token: token, secret: ""), TokenRevoked(token: token),
            FloodRegionCreation(id: "", region: .init(name: "", timeZone: "")),
            UploadedThumbnail(hash: "", type: "", width: 1, height: 1, bytes: 0, url: ""),
            RegisteredPhones(phones: [.init(endpoint: "", createdAt: 0)]),
            MapConfiguration(tiles: "", minZoom: 0, maxZoom: 0, bounds: [], attribution: ""), DetectionBatchStored(detections: 0),
            FloodRegionCommand.CreateRegion(name: "", timeZone: ""),
            FloodRegionCommand.AddBoundary(name: "", northWest: .init(latitude: 0, longitude: 0), southEast: .init(latitude: 0, longitude: 0)),
            FloodRegionCommand.OpenEvent(boundary: 0, name: ""), FloodRegionCommand.RenameEvent(event: 0, name: ""),
            FloodRegionCommand.CloseEvent(event: 0), FloodReport(position: try! GeoPoint(latitude: 0, longitude: 0), severity: 1),
            FloodModeration.markers([0]),
            // Chat's decisions and the inbox.
            ChatRoomArchived(room: "", by: "", at: 0), ChatMessageChanged(message: "", by: "", at: 0),
            ChatMessageAcknowledged(message: "", by: "", at: 0, pending: []), ChatReadMarked(room: "", read: 0, unread: 0),
            ChatInboxState(rooms: [.init(room: "", name: "", unread: 0)], urgent: [message]),
            ChatDirectoryState(rooms: [room]), ChatRoomState(room: room, messages: [message]),
        ]
    }

    /// The file as the contract makes it.
    static func generated() throws -> String {
        let schema = WireSchema()
        var aliases: [(String, WireType)] = []
        for sample in samples {
            let type = try schema.describe(sample)
            if case .literals = type { aliases.append((WireSchema.name(of: Swift.type(of: sample)), type)) }
        }
        var text = """
            // wire-types.js: the shapes of the hub's messages' `data`, states and answers, as JSDoc for the
            // pages and vigil.js (`@typedef {import("/wire-types.js").ChatMessage} ChatMessage`). Made from
            // the Swift types of Sources/VigilCore/Contract by WireTypesTests (VIGIL_REGENERATE=1 swift test
            // --filter WireTypesTests), which fails when this file and those types differ: do not edit it.
            // docs/protocol.md says what each field means.

            """
        for (name, type) in aliases {
            text += "\n/** @typedef {\(js(type))} \(name) */\n"
        }
        for name in schema.order.sorted() {
            text += "\n/**\n * @typedef {Object} \(name)\n"
            for field in schema.fields[name] ?? [] {
                text += " * @property {\(js(field.type))} \(field.optional ? "[\(field.name)]" : field.name)\n"
            }
            text += " */\n"
        }
        return text + "\nexport {};\n"
    }

    static func js(_ type: WireType) -> String {
        switch type {
        case .string: "string"
        case .number: "number"
        case .boolean: "boolean"
        case .json: "*"
        case .null: "null"
        case .literals(let values): values.map { "\"\($0)\"" }.joined(separator: "|")
        case .either(let types): types.map(js).joined(separator: "|")
        case .list(let element): "Array<\(js(element))>"
        case .named(let name): name
        }
    }

    @Test func theCommittedDescriptionIsTheOneTheContractMakes() throws {
        let made = try Self.generated()
        if ProcessInfo.processInfo.environment["VIGIL_REGENERATE"] == "1" { try made.write(to: Self.file, atomically: true, encoding: .utf8) }
        let committed = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(committed == made, "public/wire-types.js differs from the contract: VIGIL_REGENERATE=1 swift test --filter WireTypesTests")
    }

    @Test func theDescriptionKnowsOptionalAndNestedFields() throws {
        let made = try Self.generated()
        #expect(made.contains(" * @typedef {Object} ChatMessage\n"))
        #expect(made.contains(" * @property {Array<ChatAttachment>} [attachments]\n"), "an optional list of a nested type")
        #expect(made.contains(" * @property {ChatMessageUrgent} [urgent]\n"), "a nested type left nil in the sample")
        #expect(made.contains(" * @property {\"raised\"|\"acknowledged\"|\"resolved\"} state\n"), "an enum as its values")
        #expect(made.contains(" * @property {Array<Array<number>>} foreground\n"), "a scribble's points as [x, y] pairs")
        #expect(made.contains("/** @typedef {\"room.created\"|"), "event types as their names")
        #expect(made.contains(" * @property {string|number} [dwell]\n"), "a duration as text or milliseconds")
        #expect(made.contains(" * @property {string|null} guard\n"), "a field sent as null for nothing")
    }
}
