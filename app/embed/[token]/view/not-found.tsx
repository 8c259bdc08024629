export default function InvalidViewerLink() {
  return (
    <main className="flex h-screen items-center justify-center p-6 text-center">
      <div>
        <h1 className="mb-2 text-xl font-semibold">Link no longer valid</h1>
        <p className="text-stone-600">This viewer link was revoked, has expired or never existed. Ask the person who shared it for a new link.</p>
      </div>
    </main>
  );
}
