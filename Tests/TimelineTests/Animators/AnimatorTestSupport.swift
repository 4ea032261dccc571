/// Whether two numbers agree to 1e-9: the animator tests' tolerance for values computed along
/// different paths (a line's position against a fraction's).
func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
