import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch-bench`: runs every benchmark, prints a table and writes `bench/results.json`.
///
/// Run from the package root: `swift build -c release && swift run -c release dispatch-bench`.
/// `--quick` uses smaller inputs for a fast smoke run.
@main
enum BenchMain {
  static let only = OptionSpec.value(
    "only", "NAME", "Run only the benchmarks whose name contains NAME (e.g. \"plan\")")
  static let output = OptionSpec.value(
    "output", "PATH", completion: .file,
    "Where to write the JSON results (default: bench/results.json)")

  /// The command line, read by the parser every Dispatch program shares.
  static let root = CommandSpec(
    "dispatch-bench", abstract: "Run Dispatch's benchmarks, print a table, write the results",
    options: [
      .flag("quick", "Smaller inputs (10k instead of 100k reports)"), output,
      .flag("keep", "Keep the generated stores (for profiling) and print their folder"), only,
    ],
    examples: [
      "swift run -c release dispatch-bench", "swift run -c release dispatch-bench --quick",
      "swift run -c release dispatch-bench --only plan",
    ],
    globalOptions: [.flag("help", short: "h", "Show this help")], run: runAll)

  static func main() {
    exit(
      Program(root: root).run(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessEnvironment.variables()))
  }

  static func runAll(_ invocation: Invocation) throws {
    let quick = invocation.flag("quick")
    let output = invocation.value("output") ?? "bench/results.json"
    let workspace = FileManager.default.temporaryDirectory
      .appendingPathComponent("dispatch-bench-\(getpid())")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    // --keep leaves the generated stores for profiling.
    let keep = invocation.flag("keep")
    defer {
      if keep {
        print("kept \(workspace.path)")
      } else {
        try? FileManager.default.removeItem(at: workspace)
      }
    }

    let context = BenchContext(quick: quick, workspace: workspace)
    var results: [BenchResult] = []
    var selected = BenchmarkSuite.all
    if let name = invocation.value("only") {
      selected = selected.filter { $0.name.contains(name) }
    }
    for benchmark in selected {
      FileHandle.standardError.write(Data("running \(benchmark.name)…\n".utf8))
      do {
        results += try benchmark.run(context)
      } catch {
        FileHandle.standardError.write(Data("  skipped \(benchmark.name): \(error)\n".utf8))
      }
    }
    BenchReport(results: results, quick: quick).printTable()
    try BenchReport(results: results, quick: quick).writeJSON(to: output)
    print("\nwrote \(output)")
  }
}
