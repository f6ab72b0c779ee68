import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <>
      <h1>Page not found</h1>
      <p>
        Nothing lives at this address. <Link to="/forms">Go to your forms</Link>.
      </p>
    </>
  );
}
