// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "wallet",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "wallet", targets: ["wallet"]),
    .library(name: "WalletCore", targets: ["WalletCore"]),
    // libFuzzer harnesses: .ci/fuzz builds each alone with -sanitize=fuzzer,address.
    .executable(name: "FuzzCSV", targets: ["FuzzCSV"]),
    .executable(name: "FuzzMoney", targets: ["FuzzMoney"]),
    .executable(name: "FuzzTime", targets: ["FuzzTime"]),
    .executable(name: "FuzzPromotion", targets: ["FuzzPromotion"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .target(name: "WalletCore"),
    .target(name: "WalletStore", dependencies: ["WalletCore", "CSQLite"]),
    .target(name: "WalletIngest", dependencies: ["WalletCore"]),
    .target(name: "WalletCLI", dependencies: ["WalletCore", "WalletIngest", "WalletStore"]),
    .executableTarget(name: "wallet", dependencies: ["WalletCLI"]),
    .target(name: "CFuzzing"),
    .executableTarget(name: "FuzzCSV", dependencies: ["CFuzzing", "WalletCore", "WalletIngest"]),
    .executableTarget(name: "FuzzMoney", dependencies: ["CFuzzing", "WalletCore"]),
    .executableTarget(name: "FuzzTime", dependencies: ["CFuzzing", "WalletCore"]),
    .executableTarget(name: "FuzzPromotion", dependencies: ["CFuzzing", "WalletCore"]),
    .testTarget(name: "WalletCoreTests", dependencies: ["WalletCore"]),
    .testTarget(name: "WalletStoreTests", dependencies: ["WalletStore"]),
    .testTarget(name: "WalletIngestTests", dependencies: ["WalletIngest"]),
    .testTarget(name: "WalletCLITests", dependencies: ["WalletCLI", "WalletIngest", "wallet"]),
  ]
)
