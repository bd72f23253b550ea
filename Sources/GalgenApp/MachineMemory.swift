import Foundation

/// How much memory this build may use: the machine's RAM, or its control group's limit when
/// that is lower (a container given 2 GB on a 64 GB host has 2 GB). `MemoryBudget.capacity`
/// takes its share of it.
enum MachineMemory {
    static var bytes: UInt64 {
        let limits = [cgroupLimit("/sys/fs/cgroup/memory.max"), cgroupLimit("/sys/fs/cgroup/memory/memory.limit_in_bytes")]
        return limits.compactMap { $0 }.reduce(ProcessInfo.processInfo.physicalMemory, min)
    }

    /// A control group's limit in bytes; nil when there is none ("max", or no such file).
    static func cgroupLimit(_ path: String) -> UInt64? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
