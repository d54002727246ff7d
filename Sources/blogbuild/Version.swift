import BlogBuild
import Render

enum BlogBuildVersion {
    /// `blogbuild 0.1.0 (commit 1a2b3c4d5e6f)`; without a git checkout, `(commit unknown)`.
    static let string = "blogbuild \(Release.version) (commit \(BuildInfo.commit.map { String($0.prefix(12)) } ?? "unknown"))"
}
