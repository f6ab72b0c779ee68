import type { ReactNode } from 'react';

/** The narrow card of the pages shown without a session (log in, reset, verification). */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main>
      <div className="card narrow">
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
