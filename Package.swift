// swift-tools-version:6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "vigil",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "VigilCore", targets: ["VigilCore"]),
        .library(name: "VigilClient", targets: ["VigilClient"]),
        .executable(name: "vigil", targets: ["vigil"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", from: "1.6.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        // `swift package generate-documentation --target VigilClient`: the client library's DocC reference and articles.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Pure Swift + Foundation: geometry, geo, formats, wire protocol. No other dependency.
        .target(name: "VigilCore", swiftSettings: swiftSettings),
        // The system's zlib (Debian zlib1g-dev), for the gzip bodies of big documents (flood marker
        // files) and the WebSocket's permessage-deflate.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "VigilStore",
            dependencies: [
                "VigilCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "VigilHub",
            dependencies: [
                "VigilCore",
                "VigilStore",
                "CZlib",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // One folder per domain (alerts, cameras, check-ins, notice, ...): services, effects, tables
        // and migrations, timers, read queries and HTTP routes. Above the engine, which names none.
        // A module per domain, so that the compiler keeps the walls between them: a domain sees
        // another's published interface alone (its `public` declarations), as chat and check-ins see
        // the alert domain's "raise an alert" and "the alert of a room".
        domain("VigilNotice", folder: "Notice"),
        domain("VigilAlerts", folder: "Alerts"),
        domain("VigilCameras", folder: "Cameras"),
        domain("VigilChat", folder: "Chat", uses: ["VigilAlerts"]),
        domain("VigilCheckins", folder: "Checkins", uses: ["VigilAlerts", .product(name: "Crypto", package: "swift-crypto")]),
        domain("VigilFlood", folder: "Flood"),
        // Web Push to phones: RFC 8291 message encryption and RFC 8292 VAPID tokens, with swift-crypto;
        // requests sent with NIO to the address the sender resolved and checked itself. Escalations
        // come from the alert domain's feed, messages addressed to people from chat's, a camera sent from the cameras',
        // a missed round from the check-ins'.
        domain(
            "VigilPush", folder: "Push",
            uses: [
                "VigilAlerts", "VigilCameras", "VigilChat", "VigilCheckins", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"), .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // Not a domain: the in-memory per-site index of stored detections that detections (the ROI
        // rows) and appearances (the vectors) each keep one of.
        .target(
            name: "VigilDetectionIndex", dependencies: ["VigilCore", "VigilStore", "VigilHub"], path: "Sources/VigilDomains/DetectionIndex",
            swiftSettings: swiftSettings),
        // Video analytics, three domains: detections (ingest, ROI, timeline) publishes its batches
        // to the other two, appearances (image query) and zones (standing ROIs).
        domain("VigilDetections", folder: "Detections", uses: ["VigilCameras", "VigilDetectionIndex"]),
        domain("VigilAppearances", folder: "Appearances", uses: ["VigilCameras", "VigilDetections", "VigilDetectionIndex"]),
        domain("VigilZones", folder: "Zones", uses: ["VigilAlerts", "VigilCameras", "VigilDetections"]),
        // The list of the domains a hub runs.
        .target(
            name: "VigilDomains",
            dependencies: [
                "VigilCore", "VigilStore", "VigilHub", "VigilNotice", "VigilAlerts", "VigilCameras", "VigilChat", "VigilCheckins", "VigilFlood",
                "VigilDetections", "VigilAppearances", "VigilZones", "VigilPush",
            ],
            exclude: ["Notice", "Alerts", "Cameras", "Chat", "Checkins", "Flood", "DetectionIndex", "Detections", "Appearances", "Zones", "Push"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "VigilServer",
            dependencies: [
                "VigilHub",
                "CZlib",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "VigilClient",
            dependencies: [
                "VigilCore",
                .product(name: "WSCore", package: "swift-websocket"),
                // permessage-deflate (swift-websocket's, over compress-nio): the hub's frames of events come compressed.
                .product(name: "WSCompression", package: "swift-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // `vigil demo`: a demo site with cameras and checkpoints, and its sensor, guards and operator
        // played as clients of a running hub.
        .target(name: "VigilDemo", dependencies: ["VigilCore", "VigilClient"], swiftSettings: swiftSettings),
        // The part of MQTT 3.1.1 Vigil speaks: the packets, for the bench's Mosquitto dialect and the bridge.
        .target(name: "VigilMQTT", dependencies: [.product(name: "NIOCore", package: "swift-nio")], swiftSettings: swiftSettings),
        // `vigil bridge mqtt`: sensors that publish to an MQTT broker raise alerts on a hub, as a client of it.
        .target(
            name: "VigilBridge",
            dependencies: [
                "VigilCore", "VigilClient", "VigilMQTT",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Load generator for `vigil bench`: lean WebSocket connections over NIO, dialects for vigil,
        // nchan and Mosquitto (MQTT 3.1.1), latency histograms, /proc sampling of the server.
        .target(
            name: "VigilBench",
            dependencies: [
                "VigilMQTT",
                // Inflates what a server sent with permessage-deflate (`vigil bench deflate`).
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "vigil",
            dependencies: [
                "VigilServer",
                "VigilDomains",
                "VigilDetections",
                "VigilAppearances",
                "VigilClient",
                "VigilDemo",
                "VigilBench",
                "VigilBridge",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // `vigil bench push`'s own HTTPS push service.
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: swiftSettings
        ),
        // What the test targets share: scratch directories, running blocking work off the pool.
        .target(
            name: "VigilTestSupport",
            dependencies: [
                "VigilHub", "VigilStore", .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"), .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/VigilTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "VigilCoreTests", dependencies: ["VigilCore"], resources: [.copy("Golden")], swiftSettings: swiftSettings),
        .testTarget(name: "VigilStoreTests", dependencies: ["VigilStore", "VigilTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "VigilHubTests",
            dependencies: [
                "VigilHub", "VigilDomains", "VigilChat", "VigilDetections", "VigilAppearances", "VigilZones", "VigilPush", "VigilTestSupport",
                .product(name: "Metrics", package: "swift-metrics"), .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        // VigilCore checks that the detections batches the benchmark sends are ones the hub accepts.
        .testTarget(name: "VigilBenchTests", dependencies: ["VigilBench", "VigilCore"], swiftSettings: swiftSettings),
        .testTarget(name: "VigilMQTTTests", dependencies: ["VigilMQTT"], swiftSettings: swiftSettings),
        .testTarget(
            name: "VigilServerTests",
            dependencies: [
                "VigilServer",
                "CZlib",
                "VigilDomains",
                "VigilClient",
                "VigilDemo",
                "VigilTestSupport",
                "VigilPush",
                "VigilBridge",
                "VigilMQTT",
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // Pages the browser tests serve from a test hub, read from the source tree.
            exclude: ["Browser/Pages"],
            swiftSettings: swiftSettings
        ),
    ]
)

/// One domain's module: its folder of `Sources/VigilDomains`, above the engine and the store, and
/// the other domains whose published interface it `uses`.
func domain(_ name: String, folder: String, uses: [Target.Dependency] = []) -> Target {
    .target(
        name: name, dependencies: ["VigilCore", "VigilStore", "VigilHub"] + uses, path: "Sources/VigilDomains/\(folder)",
        swiftSettings: swiftSettings)
}
