import Foundation
import Testing

/// The curl examples of docs/serve.md run as pasted against `dispatch serve` on the demo store:
/// every block that calls the API answers 2xx with JSON. The blocks run in order in one shell,
/// as a reader pasting them would (the first makes `$TOKEN`), with the docs' port replaced by
/// the one the server chose.
@Suite("API examples")
struct APIExamplesTests {
  static let document = PastedExamples.repositoryRoot.appendingPathComponent("docs/serve.md")

  /// The fenced code blocks that call the API, whole: their lines are not split, since a
  /// quoted JSON body runs over several.
  static func curlBlocks() throws -> [String] {
    let markdown = try String(contentsOf: document, encoding: .utf8)
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        if let lines = current {
          let block = lines.joined(separator: "\n")
          if block.contains("curl ") { blocks.append(block) }
          current = nil
        } else {
          current = []
        }
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")))
  func `every curl example answers on the demo store`() throws {
    let blocks = try Self.curlBlocks()
    #expect(blocks.count >= 4)
    var script = """
      dispatch serve --listen 127.0.0.1:0 --json > serve.json 2> serve.err &
      SERVER=$!
      trap 'kill $SERVER' EXIT
      for _ in $(seq 1 600); do [ -s serve.json ] && break; sleep 0.05; done
      PORT=$(sed -n 's/.*"port" *: *\\([0-9]*\\).*/\\1/p' serve.json)

      """
    for (index, block) in blocks.enumerated() {
      // Every call fails loudly on an HTTP error, where the docs' `-s` alone would not.
      #expect(block.contains("curl -s "), "\(block)")
      let pasted = block.replacingOccurrences(of: "127.0.0.1:8421", with: "127.0.0.1:$PORT")
        .replacingOccurrences(of: "curl -s ", with: "curl -sS --fail-with-body ")
      script += "echo '@@@ \(index)'\n\(pasted) || echo '@@@ failed'\necho\n"
    }
    let run = try ExampleWorld.shared().freshRun()
    defer { try? FileManager.default.removeItem(atPath: run.folder) }
    let result = try run.shell(script, stdin: nil)
    #expect(result.status == 0, "\(result.stderr)")
    let answers = result.stdout.components(separatedBy: "@@@ ").dropFirst()
    #expect(answers.count == blocks.count, "\(result.stdout)")
    for (block, answer) in zip(blocks, answers) {
      let body = answer.drop { $0 != "\n" }.trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(
        !answer.contains("@@@ failed") && !answer.hasPrefix("failed"), "\(block) :: \(answer)")
      let parsed = try? JSONSerialization.jsonObject(with: Data(body.utf8))
      #expect(parsed != nil, "\(block) :: not JSON: \(body)")
      if let object = parsed as? [String: Any] {
        #expect(object["error"] == nil, "\(block) :: \(body)")
        if let count = object["count"] as? Int { #expect(count > 0, "\(block) finds nothing") }
        if let series = object["series"] as? [[String: Any]] {
          #expect(
            series.contains { ($0["points"] as? [Any])?.isEmpty == false },
            "\(block) draws nothing")
        }
      }
    }
  }
}
