import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the old site's generator (`hugo`, `jekyll`) as a child process, for
/// `import --verify`. Output goes to files in the work folder, not pipes: a
/// generator that writes megabytes of warnings cannot then block on a full pipe.
enum GeneratorProcess {
    /// How one run ended.
    struct Outcome: Sendable {
        /// The exit status; -1 when it could not be started, -9 when it was killed (the timeout, or hung).
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
    }

    /// The first executable called `name` on `path` (a `PATH` value), or nil.
    static func find(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> URL? {
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    /// Runs `executable` with `arguments` in `directory`, with this process's environment
    /// changed by `environment` (a nil value removes the variable). Killed after `timeout` seconds,
    /// or when it has used no processor time for `idleLimit` seconds.
    /// `scratch` is a folder for the output files.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String?],
                    timeout: Double, idleLimit: Double = defaultIdleLimit, scratch: URL) -> Outcome {
        let start = Date()
        let fm = FileManager.default
        let name = UUID().uuidString
        let outFile = scratch.appendingPathComponent("\(name).out"), errFile = scratch.appendingPathComponent("\(name).err")
        defer {
            try? fm.removeItem(at: outFile)
            try? fm.removeItem(at: errFile)
        }
        guard fm.createFile(atPath: outFile.path, contents: nil), fm.createFile(atPath: errFile.path, contents: nil),
              let out = try? FileHandle(forWritingTo: outFile), let err = try? FileHandle(forWritingTo: errFile) else {
            return Outcome(status: -1, stdout: "", stderr: "cannot write in \(scratch.path)", seconds: 0)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch {
            try? out.close()
            try? err.close()
            return Outcome(status: -1, stdout: "", stderr: "cannot run \(executable.path): \(error.localizedDescription)", seconds: 0)
        }
        // Until it ends, the timeout, or it hangs: no CPU time for `idleLimit` seconds (Hugo
        // 0.168 waits for ever after some template errors; offline, a fetch never returns).
        var killed: String?
        var lastCPU = cpuTicks(process.processIdentifier), lastProgress = Date()
        while finished.wait(timeout: .now() + 1) == .timedOut {
            let cpu = cpuTicks(process.processIdentifier)
            if cpu != lastCPU { lastCPU = cpu; lastProgress = Date() }
            if Date().timeIntervalSince(start) > timeout {
                killed = "timed out after \(Int(timeout)) s"
            } else if cpu != nil, Date().timeIntervalSince(lastProgress) > idleLimit {
                killed = "stopped after \(Int(idleLimit)) s without using the processor (hung)"
            }
            guard killed != nil else { continue }
            process.terminate()
            if finished.wait(timeout: .now() + 3) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
            break
        }
        try? out.close()
        try? err.close()
        let text = { (file: URL) in String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self) }
        var stderr = text(errFile)
        if let killed { stderr += "\n" + killed }
        return Outcome(status: killed != nil ? -9 : process.terminationStatus, stdout: text(outFile), stderr: stderr,
                       seconds: Date().timeIntervalSince(start))
    }

    /// How long a generator may go without using the processor before it counts as hung.
    static let defaultIdleLimit: Double = 30

    /// The processor time `pid` has used, in clock ticks (user + system, from
    /// `/proc/PID/stat`); nil where there is no `/proc` (then only the timeout applies).
    static func cpuTicks(_ pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After the command name in parentheses: state, ppid, ..., utime (14th field), stime (15th).
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// The lines of a failed run that say what failed (not a Ruby backtrace, no colours), joined.
    static func firstErrorLines(_ text: String, limit: Int = 3) -> String {
        var plain = ""
        var inEscape = false
        for c in text.unicodeScalars {
            if c == "\u{1B}" { inEscape = true; continue }
            if inEscape { if c.properties.isAlphabetic { inEscape = false }; continue }
            plain.unicodeScalars.append(c)
        }
        let lines = plain.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty && !$0.hasPrefix("from ") && !$0.hasPrefix("--------") && !$0.contains("--trace")
                && !$0.contains("additional information or backtrace") && !$0.hasPrefix("Running Hugo ")
        }
        let words = ["error", "exception", "could not", "not found", "failed", "timed out"]
        let picked = lines.filter { line in words.contains { line.lowercased().contains($0) } }
        let joined = (picked.isEmpty ? lines : picked).prefix(limit).joined(separator: " | ")
        return joined.count > 500 ? String(joined.prefix(497)) + "..." : joined
    }
}
