/// The words of a sidecar file beside a photo (`IMG_1.jpg.yml`, `IMG_1.txt`…), parsed by `Sidecar`.
public typealias SidecarWords = PhotoText
