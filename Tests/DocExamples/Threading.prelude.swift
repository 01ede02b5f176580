// What the threading article's examples leave out: a model changed off the main actor.
import Bindery

@Dynamic final class Downloader {
    var progress = 0.0
}

@MainActor let downloader = Downloader()
