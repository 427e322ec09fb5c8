import ArchCheckKit
import Foundation

/// The tree the edit fuzzer edits: the hand-written Swift files of every module linked into the
/// demo (Core's, the clients', the features', the App's), the App's screens, and what the fuzzer
/// added so far. Every choice comes from its seeded generator, over lists in a fixed order, so a
/// seed makes the same edits in the same tree.
struct FuzzTree {
  /// One edit made: what it was, the files it wrote, and what they held before (nil: absent).
  struct Edit {
    let description: String
    let before: [URL: Data?]
    /// Whether files were added or deleted (SwiftPM plans anew then).
    let changesStructure: Bool

    var files: [URL] { before.keys.sorted { $0.path < $1.path } }
  }

  let root: URL
  /// What keeps every file's original, to put back at the end.
  let guardian: FileGuard
  private var generator: SeededGenerator
  private let modules: [(name: String, folder: URL)]
  private var nextID = 1
  /// The route edits made, newest last, each with what it wrote.
  private var routes: [Edit] = []

  init(root: URL, seed: UInt64, guardian: FileGuard = .shared) throws(BuildTimeError) {
    self.root = root
    self.guardian = guardian
    generator = SeededGenerator(seed: seed)
    modules = try RepoTiming.linkedModules(root: root).map { (name: $0.0, folder: $0.1) }
  }

  /// Makes one edit: a kind drawn at random, and drawn again while the tree offers it nothing
  /// to edit (no property of the fuzzer's to remove yet, say).
  mutating func makeEdit(number: Int) throws(BuildTimeError) -> Edit {
    for _ in 0..<200 {
      let kind = generator.pick(FuzzEdit.Kind.allCases)
      if let edit = try make(kind) { return edit }
    }
    throw .edit("edit \(number): the tree offers nothing to edit")
  }

  /// Puts back what `edit` wrote; a route undone is no longer one to take away.
  mutating func undo(_ edit: Edit) throws(BuildTimeError) {
    routes.removeAll { $0.before.keys == edit.before.keys && $0.description == edit.description }
    try restore(edit)
  }

  /// Writes each file of `edit` back as it was before it.
  private func restore(_ edit: Edit) throws(BuildTimeError) {
    for (url, data) in edit.before {
      do {
        if let data {
          try data.write(to: url)
        } else {
          try? FileManager.default.removeItem(at: url)
        }
      } catch {
        throw .edit("cannot put back \(url.path): \(error.localizedDescription)")
      }
    }
  }

  // MARK: - The edits

  private mutating func make(_ kind: FuzzEdit.Kind) throws(BuildTimeError) -> Edit? {
    switch kind {
    case .addProperty: return try addProperty()
    case .removeProperty: return try removeProperty()
    case .retypeProperty: return try retypeProperty()
    case .reorderProperties: return try reorderProperties()
    case .enumCase: return try editEnum()
    case .body: return try editBody()
    case .addFile: return try addFile()
    case .removeFile: return try removeFile()
    case .addRoute: return try addRoute()
    case .removeRoute: return try removeRoute()
    }
  }

  private mutating func newID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  private mutating func addProperty() throws(BuildTimeError) -> Edit? {
    let all = allFiles().flatMap { file in
      FuzzEdit.headers(in: lines(of: file)).map { (file, $0) }
    }
    // Half the time a feature's `State`, the most common edit of a TCA codebase: the type
    // other modules hold by value, through the App's.
    let states = all.filter { lines(of: $0.0)[$0.1.line].contains("struct State") }
    let places = !states.isEmpty && generator.below(2) == 0 ? states : all
    guard !places.isEmpty else { return nil }
    let (file, header) = generator.pick(places)
    var text = lines(of: file)
    let id = newID()
    let typeName: String
    if generator.below(4) == 0 {
      typeName = "FuzzEnum\(id)"
      if text.last == "" { text.removeLast() }
      text += [""] + FuzzEdit.enumBlock(id: id) + [""]
      text.insert(
        FuzzEdit.propertyLine(id: id, header: header, type: typeName, value: ".a"),
        at: header.line + 1)
    } else {
      // One to three at once, as a person adds the fields of a new need together.
      var types: [String] = []
      for offset in 0...generator.below(3) {
        let (type, value) = generator.pick(FuzzEdit.valueTypes)
        types.append(type)
        let propertyID = offset == 0 ? id : newID()
        text.insert(
          FuzzEdit.propertyLine(id: propertyID, header: header, type: type, value: value),
          at: header.line + 1)
      }
      typeName = types.joined(separator: ", ")
    }
    let name = text[header.line].trimmingCharacters(in: .whitespaces)
    return try write(
      [file: text],
      "stored properties (\(typeName)) added at the top of `\(name)` in \(relative(file))")
  }

  private mutating func removeProperty() throws(BuildTimeError) -> Edit? {
    let places = allFiles().flatMap { file in
      FuzzEdit.propertyLines(in: lines(of: file)).map { (file, $0) }
    }
    guard !places.isEmpty else { return nil }
    let (file, line) = generator.pick(places)
    var text = lines(of: file)
    let removed = text.remove(at: line).trimmingCharacters(in: .whitespaces)
    return try write([file: text], "`\(removed)` removed from \(relative(file))")
  }

  private mutating func retypeProperty() throws(BuildTimeError) -> Edit? {
    let places = allFiles().flatMap { file in
      let text = lines(of: file)
      return FuzzEdit.propertyLines(in: text).filter { index in
        FuzzEdit.valueTypes.contains { text[index].contains(": \($0.type) = ") }
      }.map { (file, $0) }
    }
    guard !places.isEmpty else { return nil }
    let (file, line) = generator.pick(places)
    var text = lines(of: file)
    guard let colon = text[line].range(of: ": "), let equals = text[line].range(of: " = "),
      let comment = text[line].range(of: "  \(FuzzEdit.marker)")
    else { return nil }
    let old = String(text[line][colon.upperBound..<equals.lowerBound])
    let choices = FuzzEdit.valueTypes.filter { $0.type != old }
    let (type, value) = generator.pick(choices)
    text[line] =
      String(text[line][..<colon.upperBound]) + "\(type) = \(value)"
      + String(text[line][comment.lowerBound...])
    return try write(
      [file: text], "a stored property retyped from \(old) to \(type) in \(relative(file))")
  }

  private mutating func reorderProperties() throws(BuildTimeError) -> Edit? {
    let places = allFiles().flatMap { file in
      let indices = FuzzEdit.propertyLines(in: lines(of: file))
      return indices.filter { indices.contains($0 + 1) }.map { (file, $0) }
    }
    guard !places.isEmpty else { return nil }
    let (file, line) = generator.pick(places)
    var text = lines(of: file)
    text.swapAt(line, line + 1)
    return try write([file: text], "two stored properties swapped in \(relative(file))")
  }

  private mutating func editEnum() throws(BuildTimeError) -> Edit? {
    let places = allFiles().flatMap { file in
      let text = lines(of: file)
      return text.indices.filter {
        text[$0].hasPrefix("}  \(FuzzEdit.marker) enum ")
      }.map { (file, $0) }
    }
    guard !places.isEmpty else { return nil }
    let (file, closing) = generator.pick(places)
    var text = lines(of: file)
    let enumID = text[closing].split(separator: " ").last.map(String.init) ?? "0"
    let (type, _) = generator.pick(FuzzEdit.valueTypes)
    if generator.below(2) == 0 {
      let id = newID()
      text.insert("  case c\(id)(\(type))  \(FuzzEdit.marker) enum \(enumID)", at: closing)
      return try write(
        [file: text], "case c\(id)(\(type)) added to FuzzEnum\(enumID) in \(relative(file))")
    }
    guard
      let payload = text.firstIndex(where: {
        $0.hasPrefix("  case b(") && $0.hasSuffix("enum \(enumID)")
      })
    else { return nil }
    text[payload] = "  case b(\(type))  \(FuzzEdit.marker) enum \(enumID)"
    return try write(
      [file: text], "FuzzEnum\(enumID).b's payload made \(type) in \(relative(file))")
  }

  private mutating func editBody() throws(BuildTimeError) -> Edit? {
    let files = allFiles().filter {
      (try? String(contentsOf: $0, encoding: .utf8)).map(SourceEdit.hasBodyLiteral) ?? false
    }
    guard !files.isEmpty else { return nil }
    let file = generator.pick(files)
    let id = newID()
    guard let original = try? String(contentsOf: file, encoding: .utf8),
      let edited = SourceEdit.literal(token: "fz\(id)", original: original)
    else { return nil }
    return try write(
      [file: edited.components(separatedBy: "\n")],
      "a string literal in a function body of \(relative(file)) now starts with fz\(id)")
  }

  private mutating func addFile() throws(BuildTimeError) -> Edit? {
    let holders = modules.filter { module in
      swiftFiles(in: module.folder).contains { !FuzzEdit.headers(in: lines(of: $0)).isEmpty }
    }
    guard !holders.isEmpty else { return nil }
    let module = generator.pick(holders)
    let places = swiftFiles(in: module.folder).flatMap { file in
      FuzzEdit.headers(in: lines(of: file)).map { (file, $0) }
    }
    let (holder, header) = generator.pick(places)
    let id = newID()
    let new = module.folder.appendingPathComponent("BuildtimeFuzz\(id).swift")
    var text = lines(of: holder)
    text.insert(
      FuzzEdit.propertyLine(
        id: id, header: header, type: "BuildtimeFuzz\(id)", value: "BuildtimeFuzz\(id)()"),
      at: header.line + 1)
    return try write(
      [new: FuzzEdit.fileText(id: id).components(separatedBy: "\n"), holder: text],
      "\(relative(new)) added, its struct held by a stored property in \(relative(holder))",
      changesStructure: true)
  }

  private mutating func removeFile() throws(BuildTimeError) -> Edit? {
    let added = modules.flatMap { swiftFiles(in: $0.folder) }.filter {
      $0.lastPathComponent.hasPrefix("BuildtimeFuzz")
    }
    guard !added.isEmpty else { return nil }
    let file = generator.pick(added)
    let type = file.deletingPathExtension().lastPathComponent
    var changes: [URL: [String]?] = [file: nil]
    for other in allFiles() where other != file {
      let text = lines(of: other)
      let kept = text.filter { !($0.contains(": \(type) = ") && $0.contains(FuzzEdit.marker)) }
      if kept.count != text.count { changes[other] = kept }
    }
    return try write(
      changes, "\(relative(file)) deleted, with the properties that held it",
      changesStructure: true)
  }

  private mutating func addRoute() throws(BuildTimeError) -> Edit? {
    let screens = screenReducers()
    guard screens.count >= 2 else { return nil }
    let from = generator.pick(screens)
    let to = generator.pick(screens.filter { $0 != from })
    let before = snapshot()
    // Journaled before the scaffolder writes: whatever it changes is put back at the end.
    guardian.protect(before.mapValues { Optional($0) })
    do {
      _ = try RouteScaffolder.add(from: from, to: to, root: root)
      _ = try ArchCheck.generate(root: root)
    } catch {
      // Refused (a route that exists, a screen that has no routes): nothing was written.
      try restore(before, except: [])
      return nil
    }
    let after = snapshot()
    var changed: [URL: Data?] = [:]
    for url in Set(before.keys).union(after.keys) where before[url] != after[url] {
      changed[url] = .some(before[url])
    }
    // The files it added were absent: they go at the end.
    guardian.protect(changed.filter { $0.value == nil })
    let edit = Edit(
      description: "a route from \(from) to \(to) (make route): \(changed.count) files",
      before: changed, changesStructure: true)
    routes.append(edit)
    return edit
  }

  private mutating func removeRoute() throws(BuildTimeError) -> Edit? {
    guard let route = routes.popLast() else { return nil }
    var before: [URL: Data?] = [:]
    for url in route.before.keys {
      before[url] = .some(try? Data(contentsOf: url))
    }
    try restore(route)
    return Edit(
      description: "the last route added taken away again (\(route.before.count) files)",
      before: before, changesStructure: true)
  }

  // MARK: - Files

  /// Writes each file's lines (nil: deletes it), journaled first; the edit that did it.
  private func write(
    _ changes: [URL: [String]?], _ description: String, changesStructure: Bool = false
  ) throws(BuildTimeError) -> Edit {
    var before: [URL: Data?] = [:]
    for url in changes.keys {
      guardian.protect(url)
      before[url] = .some(try? Data(contentsOf: url))
    }
    for (url, lines) in changes {
      do {
        if let lines {
          try Data(lines.joined(separator: "\n").utf8).write(to: url)
        } else {
          try FileManager.default.removeItem(at: url)
        }
      } catch {
        throw .edit("cannot write \(url.path): \(error.localizedDescription)")
      }
    }
    return Edit(description: description, before: before, changesStructure: changesStructure)
  }

  /// Every Swift file and manifest under App/ and Packages/, by content: what a route edit
  /// may change.
  private func snapshot() -> [URL: Data] {
    var files: [URL: Data] = [:]
    for folder in ["App", "Packages"] {
      let enumerator = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        if url.lastPathComponent.hasPrefix(".build") || url.lastPathComponent == ".swiftpm" {
          enumerator?.skipDescendants()
        } else if url.pathExtension == "swift", let data = try? Data(contentsOf: url) {
          files[url] = data
        }
      }
    }
    return files
  }

  /// Puts the files of a snapshot back, and deletes the ones that were not in it.
  private func restore(_ files: [URL: Data], except: Set<URL>) throws(BuildTimeError) {
    let now = snapshot()
    for (url, data) in files where now[url] != data && !except.contains(url) {
      do { try data.write(to: url) } catch {
        throw .edit("cannot put back \(url.path): \(error.localizedDescription)")
      }
    }
    for url in now.keys where files[url] == nil && !except.contains(url) {
      try? FileManager.default.removeItem(at: url)
    }
  }

  /// The reducer type of each screen of the App's list (`case hoge(Hoge)`), in order.
  private func screenReducers() -> [String] {
    var reducers: [String] = []
    for file in swiftFiles(in: root.appendingPathComponent("App/Sources")) {
      var inList = false
      for line in lines(of: file) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.contains(": ScreenList {") { inList = true }
        if inList && trimmed == "}" { break }
        guard inList, trimmed.hasPrefix("case "), let open = trimmed.firstIndex(of: "("),
          trimmed.hasSuffix(")")
        else { continue }
        reducers.append(
          String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]))
      }
    }
    return reducers
  }

  /// The hand-written Swift files of every linked module, in a fixed order.
  private func allFiles() -> [URL] {
    modules.flatMap { swiftFiles(in: $0.folder) }
  }

  /// A folder's Swift files, generated ones left out, sorted by path.
  private func swiftFiles(in folder: URL) -> [URL] {
    ImportRules.swiftFiles(in: folder).filter {
      !$0.lastPathComponent.hasSuffix(".generated.swift")
    }
  }

  private func lines(of file: URL) -> [String] {
    ((try? String(contentsOf: file, encoding: .utf8)) ?? "").components(separatedBy: "\n")
  }

  private func relative(_ url: URL) -> String {
    Repo.relativePath(of: url, root: root)
  }
}
