// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "wallet",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "wallet", targets: ["wallet"]),
    .library(name: "WalletCore", targets: ["WalletCore"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .target(name: "WalletCore"),
    .target(name: "WalletStore", dependencies: ["WalletCore", "CSQLite"]),
    .target(name: "WalletCLI", dependencies: ["WalletCore", "WalletStore"]),
    .executableTarget(name: "wallet", dependencies: ["WalletCLI"]),
    .testTarget(name: "WalletCoreTests", dependencies: ["WalletCore"]),
    .testTarget(name: "WalletStoreTests", dependencies: ["WalletStore"]),
    .testTarget(name: "WalletCLITests", dependencies: ["WalletCLI", "wallet"]),
  ]
)
