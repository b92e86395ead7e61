// swift-tools-version: 6.1
import PackageDescription

/// Settings every Swift target shares: Swift 6 language mode plus the upcoming features that make
/// imports explicit, so a layer's dependencies show at the top of each file.
let commonSwiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "Dispatch",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "DispatchKit", targets: ["DispatchKit"]),
    .executable(name: "dispatch", targets: ["DispatchCLI"]),
    .executable(name: "dispatch-bench", targets: ["DispatchBench"]),
    .executable(name: "dispatch-mod", targets: ["dispatch-mod"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .systemLibrary(
      name: "CCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
    ),
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]
    ),
    .systemLibrary(
      name: "CMicroHTTPD",
      pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
    ),
    .systemLibrary(
      name: "CQRencode",
      pkgConfig: "libqrencode",
      providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]
    ),
    // The layers, bottom up; each may use only the ones listed as its dependencies
    // (docs/architecture.md draws the graph).
    .target(
      name: "DispatchSupport",
      dependencies: ["CCrypto", "CZlib"],
      swiftSettings: commonSwiftSettings
    ),
    .target(
      name: "DispatchCore",
      dependencies: ["DispatchSupport"],
      swiftSettings: commonSwiftSettings
    ),
    .target(
      name: "DispatchStorage",
      dependencies: ["DispatchCore", "DispatchSupport", "CSQLite"],
      swiftSettings: commonSwiftSettings
    ),
    .target(
      name: "DispatchAnalytics",
      dependencies: ["DispatchCore", "DispatchSupport"],
      swiftSettings: commonSwiftSettings
    ),
    .target(
      name: "DispatchRender",
      dependencies: ["DispatchAnalytics", "DispatchCore", "DispatchSupport"],
      swiftSettings: commonSwiftSettings
    ),
    .target(
      name: "DispatchFeatures",
      dependencies: ["DispatchStorage", "DispatchAnalytics", "DispatchCore", "DispatchSupport"],
      swiftSettings: commonSwiftSettings
    ),
    .target(
      name: "DispatchServices",
      dependencies: [
        "DispatchFeatures", "DispatchRender", "DispatchStorage", "DispatchAnalytics",
        "DispatchCore", "DispatchSupport",
      ],
      swiftSettings: commonSwiftSettings
    ),
    // `dispatch serve`: the HTTP front (libmicrohttpd) over the services layer.
    .target(
      name: "DispatchServe",
      dependencies: [
        "DispatchServices", "DispatchFeatures", "DispatchRender", "DispatchAnalytics",
        "DispatchStorage", "DispatchCore", "DispatchSupport", "CMicroHTTPD", "CQRencode",
      ],
      swiftSettings: commonSwiftSettings
    ),
    .target(
      name: "DispatchKit",
      dependencies: [
        "DispatchServices", "DispatchFeatures", "DispatchRender", "DispatchStorage",
        "DispatchAnalytics", "DispatchCore", "DispatchSupport",
      ],
      swiftSettings: commonSwiftSettings
    ),
    // The command line shared by dispatch, dispatch-mod and dispatch-bench: declared commands
    // and typed options, one argument parser, help, and one mapping from errors to exit codes.
    .target(
      name: "DispatchCommandLine",
      dependencies: ["DispatchSupport"],
      swiftSettings: commonSwiftSettings
    ),
    .executableTarget(
      name: "DispatchCLI",
      dependencies: ["DispatchKit", "DispatchServe", "DispatchCommandLine"],
      swiftSettings: commonSwiftSettings
    ),
    .executableTarget(
      name: "dispatch-mod",
      dependencies: ["DispatchKit", "DispatchCommandLine"],
      swiftSettings: commonSwiftSettings
    ),
    .executableTarget(
      name: "DispatchBench",
      dependencies: ["DispatchKit", "DispatchServe", "DispatchCommandLine"],
      swiftSettings: commonSwiftSettings
    ),
    .target(
      name: "DispatchTestSupport",
      dependencies: ["CCrypto", "DispatchSupport"],
      path: "Tests/DispatchTestSupport",
      swiftSettings: commonSwiftSettings
    ),
    .testTarget(
      name: "DispatchKitTests",
      dependencies: [
        "DispatchKit", "DispatchServe", "DispatchServices", "DispatchFeatures", "DispatchRender",
        "DispatchStorage",
        "DispatchAnalytics", "DispatchCore", "DispatchSupport", "DispatchTestSupport",
      ],
      resources: [.copy("__Snapshots__"), .copy("Fixtures")],
      swiftSettings: commonSwiftSettings
    ),
    .testTarget(
      name: "DispatchCLITests",
      dependencies: [
        "DispatchCLI", "dispatch-mod", "DispatchCommandLine", "DispatchKit", "DispatchTestSupport",
      ],
      resources: [.copy("__Snapshots__")],
      swiftSettings: commonSwiftSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
