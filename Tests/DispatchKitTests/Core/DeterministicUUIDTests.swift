import DispatchKit
import Testing

/// Name-based version-5 UUIDs (RFC 9562 §5.5; docs/formats/dispatch-v2.md#deterministic-ids).
struct DeterministicUUIDTests {
  @Test func `the RFC's DNS example gives the documented UUID`() {
    #expect(
      DeterministicUUID.make(namespace: DeterministicUUID.dnsNamespace, name: "www.example.org")
        == "74738FF5-5367-5958-9AEE-98FFFDCD1876")
  }

  @Test func `the same name always gives the same UUID and other names differ`() {
    let namespace = DeterministicUUID.importNamespace
    let first = DeterministicUUID.make(namespace: namespace, name: "person|alex")
    #expect(DeterministicUUID.make(namespace: namespace, name: "person|alex") == first)
    #expect(DeterministicUUID.make(namespace: namespace, name: "person|Alex") != first)
    #expect(
      DeterministicUUID.make(namespace: DeterministicUUID.dnsNamespace, name: "person|alex")
        != first)
  }

  @Test(arguments: ["", "www.example.org", "José García", "a|b|c"])
  func `every UUID is uppercase version 5 with the RFC variant`(name: String) throws {
    let text = DeterministicUUID.make(namespace: DeterministicUUID.importNamespace, name: name)
    let characters = Array(text)
    #expect(characters.count == 36)
    #expect(text == text.uppercased())
    #expect(characters[14] == "5")
    #expect("89AB".contains(characters[19]))
  }

  /// The worked examples of docs/formats/dispatch-v2.md, computed with Python's `uuid.uuid5`.
  @Test func `a filed report's answers and tokens derive their IDs from the report's`() {
    let answer = AnswerIdentifiers.response(
      report: "0F8C2E1A-0000-4000-8000-000000000001",
      question: "73F32134-35A3-5994-9D2C-4924F589EF66")
    #expect(answer == "1F404485-7F37-5DF4-A278-09AF7174C4FB")
    #expect(
      AnswerIdentifiers.value(response: answer, role: "token", position: 0)
        == "D529BCEE-B956-5FC3-AEDC-F02693774C8D")
    #expect(
      AnswerIdentifiers.value(response: answer, role: "token", position: 1)
        == "C6683433-1C8E-5579-A130-A1231D843B93")
    let response = Response(
      id: "x", questionID: nil, questionPrompt: "Mood?",
      tokens: [TokenValue(id: "", text: "calm")])
    #expect(AnswerIdentifiers.question(of: response) == "prompt:Mood?")
    let derived = AnswerIdentifiers.withDerivedValues(response)
    #expect(
      derived.tokens?.map(\.id)
        == [AnswerIdentifiers.value(response: derived.id, role: "token", position: 0)])
  }
}
