// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "blogbuild",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "blogbuild", targets: ["blogbuild"]),
        .library(name: "BlogBuild", targets: ["BlogBuild"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // Turns the repo's top-level templates/ into Swift source, so the default
        // theme is built into the binary from one copy.
        .executableTarget(name: "EmbedTheme"),
        .plugin(
            name: "EmbedThemePlugin",
            capability: .buildTool(),
            dependencies: ["EmbedTheme"]
        ),
        .target(
            name: "BlogBuild",
            dependencies: [
                "CCmarkGFM",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ],
            plugins: ["EmbedThemePlugin"]
        ),
        .executableTarget(
            name: "blogbuild",
            dependencies: [
                "BlogBuild",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "BlogBuildTests",
            dependencies: ["BlogBuild"]
        ),
    ]
)
