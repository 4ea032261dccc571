import CadenceIO
import TimelinePlugins

extension LineWriter {
    /// Appends a path as ``Path/svgPathData`` prints it, byte for byte, formatted in place (no
    /// string made). It takes at most ``Path/svgPathDataCapacity`` bytes of the line's bound.
    @inline(__always)
    mutating func append(svgPathData path: Path) {
        count &+= path.writeSVGPathData(to: start + count)
    }
}
