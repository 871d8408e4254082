export function Logo() {
  return (
    <span className="text-lg font-bold tracking-tight">
      Kiwi <span className="text-accent">Companions</span>
    </span>
  );
}
