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
}
