/** Reached only if a link stops being valid between the redirect and the page; the route answers 404/410 itself. Both languages: no request to read here. */
export default function InvalidViewerLink() {
  return (
    <main className="flex h-screen items-center justify-center p-6 text-center">
      <div className="space-y-4">
        <div lang="en">
          <h1 className="mb-2 text-xl font-semibold">Link no longer valid</h1>
          <p className="text-stone-600">
            This viewer link was revoked, has expired or never existed. Ask the person who shared it for a new link.
          </p>
        </div>
        <div lang="id">
          <h2 className="mb-2 text-xl font-semibold">Tautan tidak berlaku lagi</h2>
          <p className="text-stone-600">
            Tautan penampil ini telah dicabut, kedaluwarsa, atau tidak pernah ada. Mintalah tautan baru kepada orang
            yang membagikannya.
          </p>
        </div>
      </div>
    </main>
  );
}
