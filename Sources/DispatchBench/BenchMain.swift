import DispatchKit
import Foundation

/// `dispatch-bench`: runs every benchmark, prints a table and writes `bench/results.json`.
///
/// Run from the package root: `swift build -c release && swift run -c release dispatch-bench`.
/// `--quick` uses smaller inputs for a fast smoke run.
@main
enum BenchMain {
  static func main() {
    do {
      try runAll()
    } catch {
      FileHandle.standardError.write(Data("dispatch-bench: \(error)\n".utf8))
      exit(1)
    }
  }

  static func runAll() throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help") || arguments.contains("-h") {
      print(
        """
        USAGE: dispatch-bench [--quick] [--output PATH] [--only NAME]

          --quick        smaller inputs (10k instead of 100k reports)
          --output PATH  where to write the JSON results (default: bench/results.json)
          --keep         keep the generated stores (for profiling) and print their folder
          --only NAME    run only the benchmarks whose name contains NAME (e.g. "plan")
        """)
      return
    }
    let quick = arguments.contains("--quick")
    var output = "bench/results.json"
    if let index = arguments.firstIndex(of: "--output"), index + 1 < arguments.count {
      output = arguments[index + 1]
    }
    let workspace = FileManager.default.temporaryDirectory
      .appendingPathComponent("dispatch-bench-\(getpid())")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    // --keep leaves the generated stores for profiling.
    let keep = arguments.contains("--keep")
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
    if let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count {
      selected = selected.filter { $0.name.contains(arguments[index + 1]) }
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
