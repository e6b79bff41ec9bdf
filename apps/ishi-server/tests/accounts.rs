//! Accounts on a real server: registering, logging in and out, sessions that end (logout,
//! a new password, expiry, a deleted account), the limits on guessing passwords, and a
//! guest's games given to the account.

mod support;

use ishi_online::protocol::{ClientMessage, Reason, ServerMessage, Ticket, Token};
use ishi_online::{SeatChoice, TimeControl};
use support::{Client, Server, data_dir, othello, stranger};

/// A logged-in answer's session, failing on anything else.
async fn session(client: &mut Client) -> (String, Token) {
    match client.recv().await {
        ServerMessage::Account { name, session, .. } => (name, session),
        other => panic!("expected an account, got {other:?}"),
    }
}

fn register(name: &str, password: &str) -> ClientMessage {
    ClientMessage::Register {
        name: name.into(),
        password: password.into(),
    }
}

fn login(name: &str, password: &str) -> ClientMessage {
    ClientMessage::Login {
        name: name.into(),
        password: password.into(),
    }
}

/// A client logged in as a new account `name`.
async fn registered(server: &Server, name: &str, password: &str) -> (Client, Token) {
    let mut client = Client::connect(server).await;
    client.send(&register(name, password)).await;
    let (shown, token) = session(&mut client).await;
    assert_eq!(shown, name);
    (client, token)
}

#[tokio::test]
async fn an_account_registers_logs_in_resumes_and_logs_out() {
    let server = Server::start(&data_dir("accounts-basic"), &[]);
    let (mut ann, first) = registered(&server, "Ann Lee", "correct horse").await;

    // The name is taken whatever the case; a bad name or password is refused with its reason.
    let mut other = Client::connect(&server).await;
    other.send(&register("ann lee", "another one")).await;
    assert_eq!(other.refusal().await, Reason::NameTaken);
    other.send(&register("  ", "long enough")).await;
    assert_eq!(other.refusal().await, Reason::BadName);
    other.send(&register("Cy", "short")).await;
    assert_eq!(other.refusal().await, Reason::BadPassword);
    other.send(&register("Cy", &"x".repeat(300))).await;
    assert_eq!(other.refusal().await, Reason::BadPassword);

    // Logging in: any case of the name, the right password; a wrong one is refused as an
    // unknown name is, with the same reason.
    other.send(&login("ANN LEE", "correct horsE")).await;
    assert_eq!(other.refusal().await, Reason::BadCredentials);
    other.send(&login("Nobody", "correct horse")).await;
    assert_eq!(other.refusal().await, Reason::BadCredentials);
    other.send(&login("ANN LEE", "correct horse")).await;
    let (name, second) = session(&mut other).await;
    assert_eq!(name, "Ann Lee", "the name as registered");
    assert_ne!(second, first, "each login its own session");

    // A session kept on the device logs a new connection in.
    let mut third = Client::connect(&server).await;
    third
        .send(&ClientMessage::Resume {
            session: first.clone(),
        })
        .await;
    assert_eq!(
        session(&mut third).await,
        ("Ann Lee".to_owned(), first.clone())
    );

    // Logging out ends that session everywhere: the connection that used it is refused at
    // its next act, and the token no longer logs in (a stolen copy included).
    ann.send(&ClientMessage::Logout).await;
    assert_eq!(ann.recv().await, ServerMessage::LoggedOut);
    ann.send(&ClientMessage::Claim { games: Vec::new() }).await;
    assert_eq!(ann.refusal().await, Reason::NotLoggedIn);
    third
        .send(&ClientMessage::Claim { games: Vec::new() })
        .await;
    assert_eq!(third.refusal().await, Reason::BadSession);
    let mut thief = Client::connect(&server).await;
    thief.send(&ClientMessage::Resume { session: first }).await;
    assert_eq!(thief.refusal().await, Reason::BadSession);
    thief
        .send(&ClientMessage::Resume {
            session: stranger(),
        })
        .await;
    assert_eq!(thief.refusal().await, Reason::BadSession);
    // The other session is untouched.
    other
        .send(&ClientMessage::Claim { games: Vec::new() })
        .await;
    assert_eq!(
        other.recv().await,
        ServerMessage::Claimed { games: Vec::new() }
    );
}

#[tokio::test]
async fn a_new_password_ends_every_session_and_a_deleted_account_keeps_its_name() {
    let server = Server::start(&data_dir("accounts-password"), &[]);
    let (mut ann, _) = registered(&server, "Ann", "first password").await;
    let mut phone = Client::connect(&server).await;
    phone.send(&login("ann", "first password")).await;
    let (_, on_phone) = session(&mut phone).await;

    ann.send(&ClientMessage::ChangePassword {
        old: "wrong password".into(),
        new: "second password".into(),
    })
    .await;
    assert_eq!(ann.refusal().await, Reason::BadCredentials);
    ann.send(&ClientMessage::ChangePassword {
        old: "first password".into(),
        new: "short".into(),
    })
    .await;
    assert_eq!(ann.refusal().await, Reason::BadPassword);
    ann.send(&ClientMessage::ChangePassword {
        old: "first password".into(),
        new: "second password".into(),
    })
    .await;
    let (_, fresh) = session(&mut ann).await;
    assert_ne!(fresh, on_phone);
    phone
        .send(&ClientMessage::Claim { games: Vec::new() })
        .await;
    assert_eq!(phone.refusal().await, Reason::BadSession);
    let mut again = Client::connect(&server).await;
    again
        .send(&ClientMessage::Resume { session: on_phone })
        .await;
    assert_eq!(again.refusal().await, Reason::BadSession);
    again.send(&login("Ann", "first password")).await;
    assert_eq!(again.refusal().await, Reason::BadCredentials);
    again.send(&login("Ann", "second password")).await;
    session(&mut again).await;

    // Deleting takes the password again; then no session or password logs in, and the name
    // stays taken (its old games show it).
    ann.send(&ClientMessage::DeleteAccount {
        password: "first password".into(),
    })
    .await;
    assert_eq!(ann.refusal().await, Reason::BadCredentials);
    ann.send(&ClientMessage::DeleteAccount {
        password: "second password".into(),
    })
    .await;
    assert_eq!(ann.recv().await, ServerMessage::LoggedOut);
    again
        .send(&ClientMessage::Claim { games: Vec::new() })
        .await;
    assert_eq!(again.refusal().await, Reason::BadSession);
    let mut late = Client::connect(&server).await;
    late.send(&ClientMessage::Resume { session: fresh }).await;
    assert_eq!(late.refusal().await, Reason::BadSession);
    late.send(&login("Ann", "second password")).await;
    assert_eq!(late.refusal().await, Reason::BadCredentials);
    late.send(&register("ANN", "a new password")).await;
    assert_eq!(late.refusal().await, Reason::NameTaken);
}

#[tokio::test]
async fn guessing_is_limited_per_account_and_per_address() {
    // Per account: five wrong passwords, then even the right one waits.
    let server = Server::start(
        &data_dir("accounts-guessing"),
        &["--logins-per-hour", "100000"],
    );
    registered(&server, "Bo", "the right one").await;
    let mut guesser = Client::connect(&server).await;
    for guess in 0..5 {
        guesser.send(&login("Bo", &format!("guess {guess}"))).await;
        assert_eq!(guesser.refusal().await, Reason::BadCredentials);
    }
    guesser.send(&login("Bo", "the right one")).await;
    assert_eq!(guesser.refusal().await, Reason::TooManyAttempts);
    // Another connection, even from elsewhere, finds the account locked too.
    let mut owner = Client::connect(&server).await;
    owner.send(&login("bo", "the right one")).await;
    assert_eq!(owner.refusal().await, Reason::TooManyAttempts);

    // Per address: ten tries at once, then the address waits (registrations too), whatever
    // the names.
    let server = Server::start(&data_dir("accounts-address"), &["--logins-per-hour", "60"]);
    let mut bot = Client::connect(&server).await;
    for guess in 0..10 {
        bot.send(&login(&format!("name {guess}"), "some password"))
            .await;
        assert_eq!(bot.refusal().await, Reason::BadCredentials);
    }
    bot.send(&login("name 10", "some password")).await;
    assert_eq!(bot.refusal().await, Reason::TooManyAttempts);
    // A new connection from the same address gets no new allowance.
    let mut next = Client::connect(&server).await;
    next.send(&register("Cy", "a fine password")).await;
    assert_eq!(next.refusal().await, Reason::TooManyAttempts);
}

#[tokio::test]
async fn a_session_expires() {
    let server = Server::start(&data_dir("accounts-expiry"), &["--session-seconds", "1"]);
    let (_, token) = registered(&server, "Dee", "a fine password").await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let mut client = Client::connect(&server).await;
    client.send(&ClientMessage::Resume { session: token }).await;
    assert_eq!(client.refusal().await, Reason::BadSession);
}

#[tokio::test]
async fn a_guests_games_go_to_the_account_it_registers() {
    let data = data_dir("accounts-claim");
    let server = Server::start(&data, &[]);
    let mut guest = Client::connect(&server).await;
    guest
        .send(&ClientMessage::Claim { games: Vec::new() })
        .await;
    assert_eq!(guest.refusal().await, Reason::NotLoggedIn);
    let (ticket, _) = guest
        .create(othello(), TimeControl::None, SeatChoice::Black)
        .await;
    let (other, _) = Client::connect(&server)
        .await
        .create(othello(), TimeControl::None, SeatChoice::White)
        .await;
    guest.send(&register("Eve", "a fine password")).await;
    session(&mut guest).await;
    let not_held = Ticket {
        game: other.game.clone(),
        token: stranger(),
    };
    guest
        .send(&ClientMessage::Claim {
            games: vec![ticket.clone(), not_held],
        })
        .await;
    assert_eq!(
        guest.recv().await,
        ServerMessage::Claimed {
            games: vec![ticket.game.clone()]
        }
    );

    // Nothing of the password is kept in clear.
    drop(server);
    let mut stored = Vec::new();
    for entry in std::fs::read_dir(&data).expect("the data directory reads") {
        stored.extend(std::fs::read(entry.expect("an entry").path()).unwrap_or_default());
    }
    assert!(!stored.is_empty());
    let needle = b"a fine password";
    assert!(
        !stored.windows(needle.len()).any(|w| w == needle),
        "the password is in the database's files"
    );
}
