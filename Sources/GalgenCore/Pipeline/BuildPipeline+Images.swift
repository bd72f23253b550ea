extension BuildPipeline {
    /// Loads and renders every planned source, at most `jobs` at a time, so no
    /// more than `jobs` sources and their decoded pixels are in memory at once.
    func renderImages(_ plan: BuildPlan) async -> ([ImageSource: RenderedImage], [ImageFailure]) {
        var rendered: [ImageSource: RenderedImage] = [:]
        var failures: [ImageFailure] = []
        let total = plan.sources.count
        await withTaskGroup(of: (PlannedSource, Result<RenderedImage, ImageFailure>).self) { group in
            var pending = plan.sources.makeIterator()
            for _ in 0..<jobs {
                guard let next = pending.next() else { break }
                group.addTask { (next, self.renderOne(next, request: plan.request)) }
            }
            while let (planned, result) = await group.next() {
                switch result {
                case let .success(image):
                    rendered[planned.source] = image
                    for warning in image.warnings {
                        effects.report(.imageWarning(source: planned.source.description, message: warning))
                    }
                    effects.report(.imageBuilt(source: planned.source.description, done: rendered.count + failures.count, total: total))
                case let .failure(failure):
                    failures.append(failure)
                    effects.report(.imageFailed(failure, done: rendered.count + failures.count, total: total))
                }
                if let next = pending.next() {
                    group.addTask { (next, self.renderOne(next, request: plan.request)) }
                }
            }
        }
        failures.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        return (rendered, failures)
    }

    private func renderOne(_ planned: PlannedSource, request: RenditionRequest) -> Result<RenderedImage, ImageFailure> {
        let failure = { (reason: String) in
            ImageFailure(source: planned.source.description, location: planned.location, reason: reason)
        }
        let bytes: [UInt8]
        switch planned.source {
        case let .local(_, resolved):
            do {
                bytes = try effects.readFile(resolved)
            } catch {
                return .failure(failure("cannot read the file: \(error)"))
            }
        case .remote:
            return .failure(failure("remote sources are not supported yet"))
        }
        do {
            return .success(try renderer.render(bytes, request))
        } catch {
            return .failure(failure("\(error)"))
        }
    }
}
