/// A deterministic synthetic Apple Health "Export All Health Data" export
/// (docs/formats/apple-health.md#synthetic-exports): the benchmark's 3-million-Record input and the
/// importer tests' small ones, each with a manifest of exact expected counts.
///
/// Records are grouped by type and mostly chronological within a type; each (type, day) block
/// is drawn from its own ``SplitMix64`` stream, so the file streams type by type in bounded
/// memory and the same options always give the same bytes.
public enum SyntheticHealthExport {
  /// Streams the export.xml bytes to `sink` in chunks of about 1 MiB and returns the manifest.
  ///
  /// One buffer is reused for every chunk: `sink` must copy what it keeps and must not hold on
  /// to the pointer. A sink error stops the export and is rethrown; the manifest then never
  /// exists.
  public static func write(
    _ options: SyntheticHealthOptions, to sink: (UnsafeRawBufferPointer) throws -> Void
  ) rethrows -> SyntheticHealthManifest {
    let generator = SynthExportGenerator(options)
    while generator.fill() {
      try sink(generator.chunk)
    }
    return generator.manifest
  }

  /// The GPX file of each route the export references, `FileReference` path → bytes, in the
  /// order of the manifest's `routeFiles` (legacy exports have none: their points are inline).
  public static func routes(_ options: SyntheticHealthOptions) -> [(path: String, bytes: [UInt8])] {
    guard options.style == .modern else { return [] }
    let generator = SynthExportGenerator(options)
    var files: [(path: String, bytes: [UInt8])] = []
    var seen: Set<String> = []
    for day in 0..<generator.days {
      for workout in generator.plans.plan(day).workouts where workout.hasRoute {
        let path = SynthRoute.path(workout.start, generator.format)
        guard seen.insert(path).inserted else { continue }
        files.append(
          (
            path,
            SynthRoute.gpx(
              workout, format: generator.format, exportInstant: generator.exportInstant)
          ))
      }
    }
    return files
  }
}
