import DispatchCore
import DispatchSupport

extension Question {
  /// The question as printed by `dispatch questions list --json`.
  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    object.set("id", id)
    object.set("prompt", prompt)
    object.set("type", type.caseName)
    object.set("enabled", isEnabled)
    object.set("sortOrder", sortOrder)
    object.set("reportKinds", .array(reportKinds.map { .string($0.rawValue) }))
    object.set("choices", .array(choices.map { .string($0) }))
    object.set("placeholder", placeholder)
    if type == .multipleChoice || allowsMultipleSelectionSetting != nil {
      object.set("allowsMultipleSelection", allowsMultipleSelection)
    }
    if type == .number {
      let config = numberConfig
      object.set("inputStyle", (inputStyle ?? .textField).rawValue)
      object.set("inputMin", config.minimum)
      object.set("inputMax", config.isBounded ? config.maximum : nil)
      object.set("inputStep", config.step)
      object.set("defaultAnswer", defaultAnswer)
    }
    object.set("visualization", effectiveVisualization?.rawValue)
    object.set("stateOfMindKind", stateOfMindKind)
    return object.value
  }
}
