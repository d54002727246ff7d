enum BlogBuildVersion {
    static let string = "blogbuild 0.1.0"
}
