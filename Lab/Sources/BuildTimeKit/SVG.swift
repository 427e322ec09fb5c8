/// Minimal SVG charts, written by hand: no dependency, deterministic output.
struct BarChart {
  let title: String
  let subtitle: String
  let groups: [String]
  let series: [String]
  var values: [String: Double] = [:]
  var referenceLine: (label: String, value: Double)?

  init(title: String, subtitle: String, groups: [String], series: [String]) {
    self.title = title
    self.subtitle = subtitle
    self.groups = groups
    self.series = series
  }

  mutating func set(group: String, series: String, value: Double) {
    values[group + "\u{1}" + series] = value
  }

  func render() -> String {
    let barWidth = 14.0
    let groupWidth = barWidth * Double(max(series.count, 1)) + 24
    let left = 60.0
    let top = 60.0
    let plotHeight = 260.0
    let width = left + groupWidth * Double(groups.count) + 160
    let height = top + plotHeight + 110
    let maximum = niceCeiling(max(values.values.max() ?? 1, referenceLine?.value ?? 0))
    func y(_ value: Double) -> Double { top + plotHeight - value / maximum * plotHeight }
    var svg = SVGDocument(width: width, height: height)
    svg.text(x: left, y: 24, title, size: 15, weight: "bold")
    svg.text(x: left, y: 42, subtitle, size: 11, fill: "#555")
    for tick in ticks(maximum) {
      svg.line(x1: left, y1: y(tick), x2: width - 150, y2: y(tick), stroke: "#ddd")
      svg.text(x: left - 6, y: y(tick) + 4, seconds(tick), size: 10, anchor: "end")
    }
    for (groupIndex, group) in groups.enumerated() {
      let x0 = left + Double(groupIndex) * groupWidth + 12
      for (seriesIndex, name) in series.enumerated() {
        guard let value = values[group + "\u{1}" + name] else { continue }
        let x = x0 + Double(seriesIndex) * barWidth
        svg.rect(
          x: x, y: y(value), width: barWidth - 2, height: top + plotHeight - y(value),
          fill: palette[seriesIndex % palette.count],
          tooltip: "\(group) \(name): \(seconds(value)) s")
      }
      svg.text(
        x: x0 + barWidth * Double(series.count) / 2, y: top + plotHeight + 14, group, size: 10,
        anchor: "end", rotate: -35)
    }
    if let reference = referenceLine {
      svg.line(
        x1: left, y1: y(reference.value), x2: width - 150, y2: y(reference.value), stroke: "#000",
        dash: true)
      svg.text(x: width - 146, y: y(reference.value) + 4, reference.label, size: 10)
    }
    for (index, name) in series.enumerated() {
      let ly = top + Double(index) * 18
      svg.rect(
        x: width - 140, y: ly, width: 12, height: 12, fill: palette[index % palette.count],
        tooltip: name)
      svg.text(x: width - 122, y: ly + 10, name, size: 11)
    }
    return svg.finish()
  }
}

/// Lines over N: one panel per scenario, one line per layout.
struct LineChartPanels {
  let title: String
  let subtitle: String
  let xValues: [Int]
  /// Panel → line → (x, y) points.
  var panels: [(name: String, lines: [(name: String, points: [(Int, Double)])])] = []

  func render() -> String {
    let panelWidth = 260.0
    let panelHeight = 170.0
    let columns = 3
    let rows = (panels.count + columns - 1) / columns
    let width = 40 + Double(columns) * (panelWidth + 40)
    let height = 70 + Double(rows) * (panelHeight + 70) + 20
    var svg = SVGDocument(width: width, height: height)
    svg.text(x: 40, y: 24, title, size: 15, weight: "bold")
    svg.text(x: 40, y: 42, subtitle, size: 11, fill: "#555")
    let lineNames = panels.first?.lines.map(\.name) ?? []
    for (index, name) in lineNames.enumerated() {
      let lx = width - 260 + Double(index) * 120
      svg.line(
        x1: lx, y1: 20, x2: lx + 20, y2: 20, stroke: palette[index % palette.count], width: 3)
      svg.text(x: lx + 26, y: 24, name, size: 11)
    }
    let maxX = Double(xValues.max() ?? 1)
    for (panelIndex, panel) in panels.enumerated() {
      let originX = 60 + Double(panelIndex % columns) * (panelWidth + 40)
      let originY = 70 + Double(panelIndex / columns) * (panelHeight + 70)
      let maximum = niceCeiling(panel.lines.flatMap { $0.points.map(\.1) }.max() ?? 1)
      func px(_ x: Int) -> Double { originX + Double(x) / maxX * panelWidth }
      func py(_ y: Double) -> Double { originY + panelHeight - y / maximum * panelHeight }
      svg.text(x: originX, y: originY - 10, panel.name, size: 12, weight: "bold")
      for tick in ticks(maximum) {
        svg.line(x1: originX, y1: py(tick), x2: originX + panelWidth, y2: py(tick), stroke: "#eee")
        svg.text(x: originX - 4, y: py(tick) + 4, seconds(tick), size: 9, anchor: "end")
      }
      for x in xValues {
        svg.text(x: px(x), y: originY + panelHeight + 14, "N=\(x)", size: 9, anchor: "middle")
      }
      for (lineIndex, line) in panel.lines.enumerated() {
        let color = palette[lineIndex % palette.count]
        svg.polyline(line.points.map { (px($0.0), py($0.1)) }, stroke: color)
        for point in line.points {
          svg.circle(
            x: px(point.0), y: py(point.1), fill: color,
            tooltip: "\(panel.name), \(line.name), N=\(point.0): \(seconds(point.1)) s")
        }
      }
    }
    return svg.finish()
  }
}

let palette = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948"]

/// A round number at or above `value`, for an axis.
func niceCeiling(_ value: Double) -> Double {
  guard value > 0 else { return 1 }
  var step = 1.0
  while step * 10 < value { step *= 10 }
  while step > value { step /= 10 }
  for multiple in [1.0, 2.0, 2.5, 5.0, 10.0] where step * multiple >= value {
    return step * multiple
  }
  return step * 10
}

func ticks(_ maximum: Double) -> [Double] {
  (0...4).map { maximum * Double($0) / 4 }
}

/// The SVG being written.
struct SVGDocument {
  private var body: [String] = []
  let width: Double
  let height: Double

  init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  mutating func text(
    x: Double, y: Double, _ text: String, size: Int, weight: String = "normal",
    fill: String = "#222",
    anchor: String = "start", rotate: Int? = nil
  ) {
    let transform = rotate.map { " transform=\"rotate(\($0) \(format(x)) \(format(y)))\"" } ?? ""
    body.append(
      "<text x=\"\(format(x))\" y=\"\(format(y))\" font-size=\"\(size)\" font-weight=\"\(weight)\" fill=\"\(fill)\" text-anchor=\"\(anchor)\"\(transform)>\(escape(text))</text>"
    )
  }

  mutating func line(
    x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1,
    dash: Bool = false
  ) {
    body.append(
      "<line x1=\"\(format(x1))\" y1=\"\(format(y1))\" x2=\"\(format(x2))\" y2=\"\(format(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(format(width))\"\(dash ? " stroke-dasharray=\"4 3\"" : "")/>"
    )
  }

  mutating func rect(
    x: Double, y: Double, width: Double, height: Double, fill: String, tooltip: String
  ) {
    body.append(
      "<rect x=\"\(format(x))\" y=\"\(format(y))\" width=\"\(format(width))\" height=\"\(format(height))\" fill=\"\(fill)\"><title>\(escape(tooltip))</title></rect>"
    )
  }

  mutating func circle(x: Double, y: Double, fill: String, tooltip: String) {
    body.append(
      "<circle cx=\"\(format(x))\" cy=\"\(format(y))\" r=\"3\" fill=\"\(fill)\"><title>\(escape(tooltip))</title></circle>"
    )
  }

  mutating func polyline(_ points: [(Double, Double)], stroke: String) {
    let list = points.map { "\(format($0.0)),\(format($0.1))" }.joined(separator: " ")
    body.append(
      "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"2\"/>")
  }

  func finish() -> String {
    ([
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(format(width))\" height=\"\(format(height))\" font-family=\"sans-serif\">",
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
    ] + body + ["</svg>"]).joined(separator: "\n")
      + "\n"
  }

  private func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
