import Foundation
import Testing

@testable import VigilCore

@Suite("Camera topology JSON")
struct CameraTopologyTests {
    private func parse(_ text: String) throws -> CameraTopology {
        try CameraTopologyJSON.parse(Data(text.utf8))
    }

    @Test func mapsTheSeedsFieldsToTheModel() throws {
        let topology = try CameraTopologyJSON.parse(Golden.data("CameraTopology/two-floors.json"))
        #expect(topology.cameras.map(\.id) == ["1", "2", "3", "4"])
        let first = try #require(topology.camera("1"))
        #expect(first.frameSize == (try FrameSize(width: 320, height: 240)))
        #expect(first.position == Point(x: 0, y: 0))
        #expect(first.floor == 1)
        #expect(first.neighbours == CameraNeighbours(up: "3", right: "2"))
        #expect(first.animationStyle == "push")
        #expect(topology.camera("2")?.reminderNotice == "Loading bay door sticks")
        #expect(topology.camera("2")?.neighbours.right == nil, "an empty string means no neighbour")
        #expect(topology.neighbour(of: "3", .right)?.id == "4")
        #expect(topology.neighbour(of: "4", .up) == nil)
        #expect(topology.cameras(onFloor: 2).map(\.id) == ["3", "4"])
        #expect(topology.isNeighbour("2", of: "1"))
        #expect(!topology.isNeighbour("4", of: "1"))
    }

    @Test func writesTheGoldenFileAndReadsItBack() throws {
        let topology = try CameraTopologyJSON.parse(Golden.data("CameraTopology/two-floors.json"))
        let written = CameraTopologyJSON.write(topology)
        #expect(String(decoding: written, as: UTF8.self) == (try Golden.text("CameraTopology/two-floors.written.json")))
        #expect(try CameraTopologyJSON.parse(written) == topology)
    }

    @Test func aNeighbourThatNamesNoCameraIsRefused() {
        let error = refusal {
            _ = try parse(
                """
                {"Number_of_cams": 2, "Cams": [
                  {"Cam_id": 1, "Cam_farme_size": "320x240", "Cam_x_coordination": 0, "Cam_y_coordination": 0,
                   "Cam_floor": 1, "Cam_neighborhood_right": 2},
                  {"Cam_id": 2, "Cam_farme_size": "320x240", "Cam_x_coordination": 320, "Cam_y_coordination": 0,
                   "Cam_floor": 1, "Cam_neighborhood_left": 7}]}
                """)
        }
        #expect(error?.field == "Cams[1].Cam_neighborhood_left")
        #expect(error?.message == "the left neighbour \"7\" names no camera")
    }

    @Test func aCountThatDisagreesIsRefused() {
        let error = refusal {
            _ = try parse(
                """
                {"Number_of_cams": 3, "Cams": [{"Cam_id": 1, "Cam_farme_size": "320x240",
                 "Cam_x_coordination": 0, "Cam_y_coordination": 0, "Cam_floor": 1}]}
                """)
        }
        #expect(error?.field == "Number_of_cams")
        #expect(error?.message.contains("3 cameras but Cams lists 1") == true)
    }

    @Test(arguments: [
        (
            #"{"Number_of_cams": 1, "Cams": [{"Cam_id": 1, "Cam_farme_size": "320*240", "Cam_x_coordination": 0, "Cam_y_coordination": 0, "Cam_floor": 1}]}"#,
            "Cams[0].Cam_farme_size"
        ),
        (
            #"{"Number_of_cams": 1, "Cams": [{"Cam_id": 1, "Cam_farme_size": "0x240", "Cam_x_coordination": 0, "Cam_y_coordination": 0, "Cam_floor": 1}]}"#,
            "Cams[0].Cam_farme_size"
        ),
        (
            #"{"Number_of_cams": 1, "Cams": [{"Cam_id": 1, "Cam_farme_size": "320x240", "Cam_y_coordination": 0, "Cam_floor": 1}]}"#,
            "Cams[0].Cam_x_coordination"
        ),
        (
            #"{"Number_of_cams": 1, "Cams": [{"Cam_id": 1, "Cam_farme_size": "320x240", "Cam_x_coordination": 0, "Cam_y_coordination": 0, "Cam_floor": "one"}]}"#,
            "Cams[0].Cam_floor"
        ),
        (
            #"{"Number_of_cams": 2, "Cams": [{"Cam_id": 1, "Cam_farme_size": "1x1", "Cam_x_coordination": 0, "Cam_y_coordination": 0, "Cam_floor": 1}, {"Cam_id": "1", "Cam_farme_size": "1x1", "Cam_x_coordination": 0, "Cam_y_coordination": 0, "Cam_floor": 1}]}"#,
            "Cams[1].Cam_id"
        ),
        (
            #"{"Number_of_cams": 1, "Cams": [{"Cam_id": "", "Cam_farme_size": "1x1", "Cam_x_coordination": 0, "Cam_y_coordination": 0, "Cam_floor": 1}]}"#,
            "Cams[0].Cam_id"
        ),
        (#"{"Cams": []}"#, "Number_of_cams"),
    ])
    func refusalsNameTheField(_ json: String, _ field: String) {
        #expect(refusal { _ = try parse(json) }?.field == field)
    }

    @Test func refusesSomethingThatIsNotJSON() {
        let error = refusal { _ = try parse("{\"Number_of_cams\": 1,") }
        #expect(error?.format == .cameraTopology)
        #expect(error?.message == "not valid JSON")
    }

    @Test func theModelCodesAndValidates() throws {
        let topology = try CameraTopologyJSON.parse(Golden.data("CameraTopology/two-floors.json"))
        let data = try JSONEncoder().encode(topology)
        #expect(try JSONDecoder().decode(CameraTopology.self, from: data) == topology)
        let size = try FrameSize(width: 1, height: 1)
        #expect(throws: CameraTopologyError.unknownNeighbour("9", index: 0, direction: .down)) {
            try CameraTopology(cameras: [
                Camera(id: "a", frameSize: size, position: Point(x: 0, y: 0), floor: 0, neighbours: CameraNeighbours(down: "9"))
            ])
        }
    }
}
