import Dispatch
import Foundation
import PredicateLintCore

/// Checking documents: a lint scheduled per change, run on a worker against a `Workspace`
/// snapshot, whose changes are swapped in on `state`.
extension LanguageServer {
    // MARK: Checking documents

    /// A lint is scheduled after `delay`, replacing one still waiting; while the document is
    /// being checked, one more check is noted for when that one ends (typing produces many
    /// changes; only the last needs checking).
    func scheduleLint(_ uri: String, delay: DispatchTimeInterval) {
        guard documents[uri] != nil, phase == .running, modelsKnown || isIndexedFirst(uri) else { return }
        pendingLints.removeValue(forKey: uri)?.cancel()
        let item = DispatchWorkItem { [self] in
            pendingLints[uri] = nil
            guard let document = documents[uri], let workspace else { return }
            guard linting.insert(uri).inserted else {
                changedWhileLinting.insert(uri)
                return
            }
            let previousParse = reusableParses[uri]
            workers.submit(uri, bytes: document.text.utf8.count) { [self] in
                lint(uri, document, workspace, reusing: previousParse)
                state.async { [self] in
                    linting.remove(uri)
                    if changedWhileLinting.remove(uri) != nil { scheduleLint(uri, delay: .milliseconds(0)) }
                }
            }
        }
        pendingLints[uri] = item
        state.asyncAfter(deadline: .now() + delay, execute: item)
    }

    /// On `state`: whether the document's project was indexed ahead of the whole workspace.
    func isIndexedFirst(_ uri: String) -> Bool {
        guard !projectsIndexedFirst.isEmpty, let workspace else { return false }
        return projectsIndexedFirst.contains(workspace.project(of: Self.path(of: uri)))
    }

    /// On a worker: one parse serves the document's declarations, its lint and its diagnostics.
    /// `workspace`: the snapshot when the check was scheduled; the check itself uses the one
    /// its declarations were swapped into. `previousParse`: the document's last parse, reused.
    func lint(_ uri: String, _ document: Document, _ workspace: Workspace, reusing previousParse: ReusableParse?) {
        let path = Self.path(of: uri)
        if let reloaded = workspace.reloadedIfChanged() { state.sync { swapIn(reloaded, except: uri) } }
        if Self.isConfiguration(path) {
            // The editor's text of a configuration: what is wrong with it, where.
            return publish(uri, document, Self.diagnostics(ofConfiguration: document.text, path: path))
        }
        // Parsed as the command line parses a file it lints: its outline, every body that
        // cannot hold a predicate blanked in place (the same findings and declarations, for a
        // fraction of the parsing on a large view; most of an edit's time was this parse).
        // Only the part of the outline an edit touched is parsed again.
        let digest = SHA256.digest(document.text)
        let (parsed, reusable) = ParsedForLint.parsing(path: path, text: document.text, digest: digest, reusing: previousParse)
        let file = parsed.source
        state.async { [self] in
            if documents[uri] != nil { reusableParses[uri] = reusable }
        }
        let declarations = FileDeclarations(file: file)
        let contribution = ProjectModels.Contribution(contentDigest: digest, declarations: declarations)
        // The document's configuration, target and linter are found once, here on the worker,
        // and kept in the snapshot, so that later disk checks watch them.
        let resolved = workspace.hasResolved(path) ? nil : workspace.resolving(forFiles: [path])
        // The declarations join the models only if this is still the document's text.
        let snapshot: Workspace? = state.sync {
            guard documents[uri]?.version == document.version, var current = self.workspace else { return nil }
            if let resolved { current = current.fillingIn(from: resolved) }
            if let (updated, project) = current.updating(path, with: contribution) {
                current = updated
                recheckOpenDocuments(in: project, except: uri)
            }
            if SourceModules.isManifestPath(path), let (updated, project) = current.updatingManifest(path, text: document.text) {
                current = updated
                recheckOpenDocuments(in: project, except: uri)
            }
            self.workspace = current
            return current
        }
        guard let workspace = snapshot else { return }
        if case .failure(let failure) = workspace.configuration(for: path) {
            return publish(uri, document, [Self.diagnostic(for: failure)], announcing: failure)
        }
        publish(uri, document, Self.diagnostics(of: file, text: document.text, workspace: workspace, lanes: workers))
    }

    /// On `state`: configurations or project files changed on disk; `reloaded` (read afresh
    /// from an earlier snapshot) brings them, and the current snapshot keeps its models.
    func swapIn(_ reloaded: Workspace, except uri: String) {
        // Two checks may both have seen the change; the second finds it swapped in already.
        guard workspace?.changedOnDisk() == true else { return }
        workspace = workspace?.withConfigurations(of: reloaded)
        configurationsChanged(except: uri)
    }

    /// From a worker: sends a document's diagnostics if they are still its text's and new, and
    /// a broken configuration's message once.
    func publish(_ uri: String, _ document: Document, _ diagnostics: JSON, announcing failure: Configuration.Failure? = nil) {
        state.async { [self] in
            if let failure, announcedFailures.insert(failure.description).inserted {
                connection.notify("window/showMessage", ["type": 1, "message": .string(Self.message(for: failure))])
            }
            guard documents[uri]?.version == document.version, published[uri] != diagnostics else { return }
            published[uri] = diagnostics
            connection.notify("textDocument/publishDiagnostics",
                              ["uri": .string(uri), "version": .integer(document.version), "diagnostics": diagnostics])
        }
    }

    /// On `state`: configurations changed on disk, so every open document (but `uri`, being
    /// checked now) is checked again, and a configuration still broken is announced again.
    func configurationsChanged(except uri: String) {
        announcedFailures = []
        recheckOpenDocuments(in: nil, except: uri)
    }

    /// On `state`: the open documents of a project (all of them for nil) are checked again.
    func recheckOpenDocuments(in project: Project?, except uri: String) {
        for other in documents.keys where other != uri {
            if project == nil || workspace?.project(of: Self.path(of: other)) == project { scheduleLint(other, delay: debounce) }
        }
    }

    /// Files created, changed or deleted on disk (and documents closed): their declarations
    /// are read again on a worker (open documents keep their editor text), configuration
    /// changes are picked up, and open documents are checked again where that changed anything.
    func filesChangedOnDisk(_ uris: [String]) {
        guard let workspace else { return }
        let onDisk = uris.filter { documents[$0] == nil && $0.hasSuffix(".swift") }
        workers.submit { [self] in
            // Read and parsed on the worker; applied on `state`, to the snapshot as it is then.
            let read = onDisk.map { uri in (Self.path(of: uri), Self.onDisk(Self.path(of: uri))) }
            let reloaded = workspace.reloadedIfChanged()
            state.async { [self] in
                var changed: Set<Project> = []
                for (path, (contribution, text)) in read where self.workspace != nil {
                    if let (updated, project) = self.workspace!.updating(path, with: contribution) {
                        self.workspace = updated
                        changed.insert(project)
                    }
                    if SourceModules.isManifestPath(path), let (updated, project) = self.workspace!.updatingManifest(path, text: text) {
                        self.workspace = updated
                        changed.insert(project)
                    }
                }
                if let reloaded { swapIn(reloaded, except: "") }
                for uri in documents.keys where changed.contains(workspace.project(of: Self.path(of: uri))) {
                    scheduleLint(uri, delay: .milliseconds(0))
                }
            }
        }
    }

    /// A request about an open document (quick fixes, a hover), answered on a worker from a
    /// snapshot of its text; `answer` gives nil when the request's `needs` is not one of the text's.
    func answerAboutDocument(id: JSON, _ params: JSON, needs: String,
                                     _ answer: @escaping @Sendable (String, String, Workspace, ContinuousClock.Instant) -> JSON?) {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri], let workspace,
              params[needs] != nil else {
            return invalid(id, "this request needs an open textDocument and a \(needs)")
        }
        workers.submit { [connection, workers] in
            guard let result = answer(document.text, uri, workspace, workers.deadline) else {
                return connection.respond(to: id, error: JSONRPCConnection.ErrorCode.invalidParams, "Invalid params: \(needs)")
            }
            connection.respond(to: id, result: result)
        }
    }
}
