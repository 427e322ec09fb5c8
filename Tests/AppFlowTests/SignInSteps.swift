/// The lines that take a name new to a data folder through the gate, as a person types them:
/// `signin`, then the first-run setup's `done`. The demo starts there whenever no session is
/// saved.
let signIn = "signin Ann\ndone\n"
