interface AuthCardProps {
  title: string;
  /** What the visitor was about to do when the login stopped them: "Log in to order Claw hammer". */
  intent?: string;
  children: React.ReactNode;
}

/** The centered card that holds the login and sign-up forms; its title is the page's only h1. */
export function AuthCard({ title, intent, children }: AuthCardProps) {
  return (
    <div className="flex justify-center px-4 py-12">
      <div className="card w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body gap-4">
          <h1 className="card-title justify-center text-2xl">{title}</h1>
          {intent && <p className="text-center font-medium text-base-content/80">{intent}</p>}
          {children}
        </div>
      </div>
    </div>
  );
}
