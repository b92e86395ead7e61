// DispatchKit is what embedders import: every layer's public API under one name. The layers
// themselves are separate targets so the compiler holds the arrows between them (see
// docs/architecture.md); an embedder need not know which layer a type lives in.
@_exported import DispatchAnalytics
@_exported import DispatchCore
@_exported import DispatchFeatures
@_exported import DispatchRender
@_exported import DispatchServices
@_exported import DispatchStorage
@_exported import DispatchSupport
