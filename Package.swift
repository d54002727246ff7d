// swift-tools-version:6.1
import PackageDescription

// `make dist` sets BLOGBUILD_STATIC_C=1 to link the C libraries statically into a
// binary that runs where they are not installed: the system-library targets then
// come from Packaging/ (modulemaps without `link`, and no pkg-config, whose `--libs`
// would add the same `-l` flags back) and the archives are named here,
// in the order the linker needs them (ICU and liblzma and zlib for libxml2; ICU
// is C++, hence libstdc++, which every Linux image has).
let staticC = Context.environment["BLOGBUILD_STATIC_C"] == "1"
let staticCLinkerFlags = [
    "libcmark-gfm-extensions.a", "libcmark-gfm.a", "libxml2.a", "libstemmer.a",
    "libicui18n.a", "libicuuc.a", "libicudata.a", "liblzma.a", "libz.a",
].flatMap { ["-Xlinker", "-l:\($0)"] } + ["-lstdc++", "-lm"]

// The engine's lower modules are called in the pipeline's hot loops (the HTML scanner,
// the pointer helpers, the template engine, Markdown): in release builds their bodies are
// made available to the modules above for inlining and specialization, as when the engine
// was one module. Only `public` declarations are: what they lend is public, not `package`
// (docs/ARCHITECTURE.md, "Modules").
let crossModule: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

// Where libxml2's headers are when its modulemap comes from Packaging/ (no pkg-config).
let libxml2Include: [SwiftSetting] = staticC ? [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])] : []

let package = Package(
    name: "blogbuild",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "blogbuild", targets: ["blogbuild"]),
        .library(name: "BlogBuild", targets: ["BlogBuild"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // TOML for `import hugo` (hugo.toml, `+++` front matter): a wrapper over toml++.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            path: staticC ? "Packaging/CCmarkGFM" : nil,
            pkgConfig: staticC ? nil : "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // libxml2 reads the feeds back in publish (with XML_PARSE_HUGE: a post may be
        // longer than libxml2's default 10 MB text limit, which Foundation's XMLParser keeps).
        .systemLibrary(
            name: "CLibXML2",
            path: staticC ? "Packaging/CLibXML2" : nil,
            pkgConfig: staticC ? nil : "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // Snowball stemmers (libstemmer) for the search index's words. Debian ships no
        // pkg-config file for it: the modulemap links it by name.
        .systemLibrary(
            name: "CStemmer",
            path: staticC ? "Packaging/CStemmer" : nil,
            providers: [.apt(["libstemmer-dev"]), .brew(["snowball"])]
        ),
        // libvips, loaded at run time (dlopen): Debian ships no static libvips, and the
        // release binary must run where it is not installed. C, because libvips's
        // functions are variadic and Swift cannot call those.
        .target(
            name: "CVips",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // Turns the repo's top-level templates/ into Swift source, so the default
        // theme is built into the binary from one copy.
        .executableTarget(name: "EmbedTheme"),
        .plugin(
            name: "EmbedThemePlugin",
            capability: .buildTool(),
            dependencies: ["EmbedTheme"]
        ),
        // The engine, one module per stage, lowest first: a module sees only those it
        // names, so a dependency cycle between stages is a compile error. The
        // folders inside BlogBuild are kept acyclic by Tests/Tools/folder_cycles.py.
        //
        // Small utilities (pointers, parallel maps, paths) and the diagnostics every
        // stage reports with.
        .target(name: "Support", swiftSettings: crossModule),
        .target(name: "Diagnostics", swiftSettings: crossModule),
        // HTML as bytes: the tokenizer, entities, shown text.
        .target(name: "HTML", dependencies: ["Support"], swiftSettings: crossModule),
        // The code highlighter (Pygments' lexers, compiled into tables).
        .target(name: "Highlight", dependencies: ["Support"], exclude: ["LANGUAGES.md"], swiftSettings: crossModule),
        // The Mustache engine, compiled and checked against typed shapes.
        .target(name: "Template", dependencies: ["Diagnostics"], swiftSettings: crossModule),
        // The output folder: the writer, the build report, rendered files.
        .target(name: "Output", dependencies: ["Diagnostics"], swiftSettings: crossModule),
        // The site as written: site.yml, front matter (YAML, TOML), posts, series,
        // apps, pages and static files, read into plain values; the theme's words.
        .target(
            name: "Load",
            dependencies: [
                "Support",
                "Diagnostics",
                .product(name: "Yams", package: "Yams"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: crossModule
        ),
        // Markdown through cmark-gfm: footnotes, heading ids, highlighted code, what a
        // body links to and shows.
        .target(name: "Markdown", dependencies: ["Support", "HTML", "Highlight", "Load", "CCmarkGFM"], swiftSettings: crossModule),
        // `serve`'s HTTP server, live reload and file watcher: it serves an output
        // folder and knows nothing of how the site is built.
        .target(
            name: "Serve",
            dependencies: [
                "Support",
                "Output",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The site resolved from what was loaded: which posts show, their order, relations
        // and URLs (`SiteURLs`), what each kind of page shows of it (projections), and the
        // link checks over what documents wrote. Folders inside it are kept acyclic by
        // Tests/Tools/folder_cycles.py.
        .target(
            name: "Site",
            dependencies: ["Support", "Diagnostics", "HTML", "Load", "Markdown", "Output"],
            swiftSettings: crossModule
        ),
        // Images through libvips (loaded at run time): sizes, variants, the derived-image cache, `<picture>` markup.
        .target(name: "Images", dependencies: ["Support", "Diagnostics", "HTML", "Load", "Markdown", "Output", "Site", "CVips"], swiftSettings: crossModule),
        // Feeds (RSS, Atom, JSON Feed), the sitemap and robots.txt; feeds read back with libxml2.
        .target(
            name: "Feeds",
            dependencies: ["Support", "Diagnostics", "HTML", "Load", "Markdown", "Output", "Site", "Images", "CLibXML2"],
            swiftSettings: crossModule + libxml2Include
        ),
        // The theme (built into the binary from templates/ by EmbedThemePlugin) compiled against
        // the template contract (`ContextShapes`), and the values pages' contexts are made of.
        .target(
            name: "Render",
            dependencies: ["Support", "Diagnostics", "Load", "Markdown", "Site", "Images", "Template"],
            swiftSettings: crossModule,
            plugins: ["EmbedThemePlugin"]
        ),
        .target(name: "Pages", dependencies: ["Support", "Diagnostics", "HTML", "Load", "Markdown", "Output", "Site", "Images", "Feeds", "Render", "Template"], swiftSettings: crossModule),
        .target(name: "Search", dependencies: ["Support", "Diagnostics", "HTML", "Load", "Markdown", "Output", "Site", "Feeds", "Render", "Pages", "CStemmer"], swiftSettings: crossModule),
        .target(
            name: "BlogBuild",
            dependencies: [
                "Support",
                "Diagnostics",
                "Template",
                "Output",
                "Load",
                "Markdown",
                "Site",
                "Images",
                "Feeds",
                "Render",
                "Pages",
                "Search",
            ],
            linkerSettings: staticC ? [.unsafeFlags(staticCLinkerFlags)] : []
        ),
        // `import` from Jekyll, Hugo and WordPress: reads the old site's files and writes a
        // blogbuild site, which it loads and builds with the engine below before it finishes.
        .target(
            name: "Import",
            dependencies: [
                "BlogBuild",
                "Site",
                "Feeds",
                "Support",
                "Diagnostics",
                "HTML",
                "Load",
                "Markdown",
                "Output",
                .product(name: "Yams", package: "Yams"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // `import --verify`: builds the old site with its own generator and checks that
        // the import answers every page and feed it wrote.
        .target(name: "ImportVerify", dependencies: ["Import", "BlogBuild", "Site", "Feeds", "Support", "Diagnostics", "HTML", "Load", "Output"]),
        .executableTarget(
            name: "blogbuild",
            dependencies: [
                "BlogBuild",
                "Import",
                "ImportVerify",
                "Site",
                "Render",
                "Diagnostics",
                "Load",
                "Output",
                "Serve",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "BlogBuildTests",
            dependencies: ["BlogBuild", "Import", "ImportVerify", "Site", "Search", "Pages", "Render", "Feeds", "Images", "Support", "Diagnostics", "HTML", "Highlight", "Template", "Output", "Serve", "Load", "Markdown"]
        ),
    ]
)
