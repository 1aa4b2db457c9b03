import { Navigate, useSearchParams } from 'react-router';
import { ResetPasswordView } from '@/web/features/auth/components/reset-password-view';

/** Spec 2 route table: public, and without a token the user is sent to /. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) return <Navigate to="/" replace />;
  return <ResetPasswordView key={token} token={token} />;
}
