/// Android Motion Photos made from parts, as phones write them: a JPEG whose XMP (in an APP1
/// segment after SOI) says an MP4 of so many bytes is appended, then the MP4.
public enum MotionPhotoFile {
    /// Google's newer form: `GCamera:MotionPhoto` and a `Container:Directory` whose
    /// `MotionPhoto` item gives the MP4's length.
    public static func container(jpeg: [UInt8], mp4: [UInt8]) -> [UInt8] {
        let xmp = #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
            + #"<rdf:Description xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" xmlns:Container="http://ns.google.com/photos/1.0/container/" "#
            + #"xmlns:Item="http://ns.google.com/photos/1.0/container/item/" GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1">"#
            + #"<Container:Directory><rdf:Seq><rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0"/></rdf:li>"#
            + #"<rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\#(mp4.count)"/></rdf:li>"#
            + "</rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>"
        return withXMP(jpeg, xmp) + mp4
    }

    /// The older form (Samsung, Pixel 2–3): `GCamera:MicroVideo` and the MP4's length from the end.
    public static func microVideo(jpeg: [UInt8], mp4: [UInt8]) -> [UInt8] {
        let xmp = #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
            + #"<rdf:Description xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" GCamera:MicroVideo="1" "#
            + #"GCamera:MicroVideoVersion="1" GCamera:MicroVideoOffset="\#(mp4.count)" GCamera:MicroVideoPresentationTimestampUs="0"/>"#
            + "</rdf:RDF></x:xmpmeta>"
        return withXMP(jpeg, xmp) + mp4
    }

    /// `jpeg` with an APP1 XMP segment holding `xmp` right after its SOI.
    static func withXMP(_ jpeg: [UInt8], _ xmp: String) -> [UInt8] {
        let payload = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(xmp.utf8)
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
    }
}
