/// The XML declaration, DTD, `HealthData` start tag, `ExportDate` and `Me`.
extension SynthExportWriter {
  func prolog(exportInstant: Int64, brokenDTD: Bool) {
    buffer.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    buffer.appendText(SynthDTD.text(style, broken: brokenDTD))
    buffer.append("<HealthData locale=\"en_US\">\n <ExportDate")
    timestamp(" value=\"", exportInstant)
    buffer.appendText(
      "/>\n <Me HKCharacteristicTypeIdentifierDateOfBirth=\"1990-05-17\" "
        + "HKCharacteristicTypeIdentifierBiologicalSex=\"HKBiologicalSexFemale\" "
        + "HKCharacteristicTypeIdentifierBloodType=\"HKBloodTypeNotSet\" "
        + "HKCharacteristicTypeIdentifierFitzpatrickSkinType=\"HKFitzpatrickSkinTypeNotSet\" "
        + "HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse=\"None\"/>\n")
  }

  func epilogue() {
    buffer.append("</HealthData>\n")
  }

  /// A top-level element no HealthKit DTD declares (`.unknownElements`).
  func unknownElement(at instant: Int64) {
    buffer.append(" <SymptomCheckIn kind=\"synthetic\" score=\"3\"")
    timestamp(" date=\"", instant)
    buffer.append("/>\n")
    counts.unknownElements += 1
  }
}
