/// The gazetteer's text, compiled into the binary (`Data/`, written by scripts/make-gazetteer):
/// read once, when a build first asks for a place.
enum GazetteerData {}
