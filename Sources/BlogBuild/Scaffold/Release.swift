/// blogbuild's version, written here and nowhere else: `blogbuild --version` shows it,
/// `Packaging/version.sh` reads it (so `make dist` names the tarball by it and the
/// release workflow refuses a tag that differs), and `init` writes a workflow that
/// downloads this version's release.
public enum Release {
    public static let version = "0.1.0"

    /// The GitHub release `.github/workflows/release.yml` attaches the tarballs to.
    public static let downloads = "https://github.com/blogbuild/blogbuild/releases/download/v\(version)/"

    /// `make dist`'s tarball for `arch` (`x86_64`, `aarch64`) in this version's release.
    public static func tarballURL(arch: String) -> String {
        downloads + "blogbuild-\(version)-linux-\(arch).tar.gz"
    }
}
