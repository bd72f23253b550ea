class Galgen < Formula
  desc "Static photo-gallery generator"
  homepage "https://github.com/galgen/galgen"
  # The release workflow (.github/workflows/release.yml) recomputes url and sha256 from the source
  # tarball it attaches to the release (packaging/homebrew/update-formula.sh) and attaches this
  # formula so updated. The sha256 here is of `git archive --format=tar.gz --prefix=galgen-0.1.0/
  # HEAD` when the formula was written; copy the release's galgen.rb over this file after a release.
  url "https://github.com/galgen/galgen/releases/download/v0.1.0/galgen-0.1.0.tar.gz"
  sha256 "ff48ced656b2aa6f886d22fc8613ab16132465f4b8b7155cd0ad5a26f5046d3f"
  license "MIT"
  head "https://github.com/galgen/galgen.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  depends_on "pkgconf" => :build
  depends_on "brotli" # a JPEG XL container's compressed metadata boxes
  depends_on "jpeg-turbo"
  depends_on "jpeg-xl"
  depends_on "libheif"
  depends_on "libpng"
  depends_on "little-cms2"
  # Swift's Mutex (the Synchronization module) is in the system from macOS 15 on.
  depends_on macos: :sequoia
  depends_on "webp"
  # galgen runs the ffmpeg and ffprobe programs for videos; without them photos build as usual.
  depends_on "ffmpeg" => :recommended
  # rsvg-convert draws an SVG watermark (a PNG one needs nothing).
  depends_on "librsvg" => :recommended

  uses_from_macos "swift" => :build
  uses_from_macos "curl"

  on_linux do
    depends_on "openssl@3" # libcrypto's SHA-256 (macOS has it in CommonCrypto)
  end

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "galgen"
    bin.install ".build/release/galgen"
    # bash, zsh and fish completions, written by the binary (swift-argument-parser).
    generate_completions_from_executable(bin/"galgen", "--generate-completion-script", shells: [:bash, :zsh, :fish])
  end

  test do
    output = shell_output("#{bin}/galgen --version").strip
    assert_match(/\Agalgen \d+\.\d+\.\d+/, output)
    assert_equal "galgen #{version}", output unless version.head?

    assert_match "build", (bash_completion/"galgen").read
    assert_match "--allow-missing", (zsh_completion/"_galgen").read
    assert_match "serve", (fish_completion/"galgen.fish").read

    system bin/"galgen", "init", "site"
    assert_match "title:", (testpath/"site/gallery.yml").read

    # A 16×16 gradient, written as a PPM and made a JPEG with jpeg-turbo's cjpeg.
    pixels = (0...16).flat_map { |y| (0...16).flat_map { |x| [x * 16, y * 16, 128] } }
    (testpath/"photo.ppm").binwrite("P6 16 16 255\n" + pixels.pack("C*"))
    system Formula["jpeg-turbo"].opt_bin/"cjpeg", "-outfile", testpath/"site/photos/photo.jpg", testpath/"photo.ppm"

    cd "site" do
      assert_match "Built 1 image(s)", shell_output("#{bin}/galgen build 2>&1")
    end
    assert_path_exists testpath/"site/_site/index.html"
    refute_empty Dir[testpath/"site/_site/images/photo-16.*.jpg"]
  end
end
