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
    .target(
      name: "DispatchKit",
      dependencies: ["CSQLite", "CCrypto", "CZlib"],
      swiftSettings: commonSwiftSettings
    ),
    .executableTarget(
      name: "DispatchCLI",
      dependencies: ["DispatchKit"],
      swiftSettings: commonSwiftSettings
    ),
    .executableTarget(
      name: "DispatchBench",
      dependencies: ["DispatchKit"],
      swiftSettings: commonSwiftSettings
    ),
    .target(
      name: "DispatchTestSupport",
      dependencies: ["CCrypto"],
      path: "Tests/DispatchTestSupport",
      swiftSettings: commonSwiftSettings
    ),
    .testTarget(
      name: "DispatchKitTests",
      dependencies: ["DispatchKit", "DispatchTestSupport"],
      resources: [.copy("__Snapshots__"), .copy("Fixtures")],
      swiftSettings: commonSwiftSettings
    ),
    .testTarget(
      name: "DispatchCLITests",
      dependencies: ["DispatchCLI", "DispatchKit", "DispatchTestSupport"],
      resources: [.copy("__Snapshots__")],
      swiftSettings: commonSwiftSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
