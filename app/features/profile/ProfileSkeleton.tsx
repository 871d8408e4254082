/** Shown while a profile loads; the same frames as the profile so nothing shifts when it arrives. */
export function ProfileSkeleton() {
  return (
    <div
      className="mx-auto grid max-w-7xl gap-6 px-3 py-5 sm:px-6 md:grid-cols-[1fr_320px]"
      aria-busy="true"
      aria-label="Loading profile"
      data-testid="profile-skeleton"
    >
      <div className="space-y-4">
        <div className="grid gap-2 sm:grid-cols-[2fr_1fr]">
          <div className="skeleton aspect-[3/4] rounded-xl" />
          <div className="grid grid-cols-4 gap-2 sm:grid-cols-2 sm:content-start">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="skeleton aspect-[3/4] rounded-xl" />
            ))}
          </div>
        </div>
        <div className="skeleton h-9 w-1/2 rounded" />
        <div className="skeleton h-5 w-1/3 rounded" />
        <div className="skeleton h-32 w-full rounded-xl" />
      </div>
      <div className="skeleton hidden h-40 rounded-xl md:block" />
    </div>
  );
}
