// What other modules may use of the two-factor module (decision 012): signing in (auth, sso)
// asks it whether a member has two-factor on and checks the second step with it.
export { hasTwoFactor, passTwoFactor, type PassedSecondFactor } from './factor';
