import DispatchKit
import Foundation
import Testing

/// The environment read from `environ` is the one Foundation reports. (Nothing here calls
/// `setenv`: tests run in parallel, and glibc's environment is not safe to change then.)
struct ProcessEnvironmentTests {
  @Test func `variables are Foundation's environment`() {
    #expect(ProcessEnvironment.variables() == ProcessInfo.processInfo.environment)
    #expect(ProcessEnvironment.value("PATH") == ProcessInfo.processInfo.environment["PATH"])
    #expect(ProcessEnvironment.value("DISPATCH_TEST_UNSET_VARIABLE") == nil)
  }
}
