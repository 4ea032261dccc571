extension ClockCore {
    /// The clock's animator group, if it has one (see ``AnimatorGroup/group(for:)``).
    var existingAnimatorGroup: AnimatorGroup? {
        existingFollowers.map { unsafeDowncast($0, to: AnimatorGroup.self) }
    }

    /// The clock's animator group, made with `make` the first time. The clock keeps only groups,
    /// so what it holds is one.
    func animatorGroup(_ make: () -> AnimatorGroup) -> AnimatorGroup {
        unsafeDowncast(followers(make), to: AnimatorGroup.self)
    }
}
