//! The one error type of the web app, rendered as a French page.
//!
//! Every failure — an unknown rule, a bad parameter, a method the resource
//! does not answer, an address too long, anything unexpected — becomes a
//! [`WebError`], and every `WebError` becomes an HTML page in French with the
//! right status. Nothing ever shows a stack trace or an English message.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, ResponseError};

use super::pages::{ErrorPage, Layout, Link};
use super::typography::French;

/// What went wrong.
#[derive(Debug, Clone, thiserror::Error)]
pub enum WebError {
    /// Nothing at this address; `nearest` lists pages that exist.
    #[error("{what}")]
    NotFound {
        /// What was not found, for the judge.
        what: String,
        /// The nearest existing pages.
        nearest: Vec<Link>,
    },
    /// A parameter that cannot be read.
    #[error("{0}")]
    BadRequest(String),
    /// A method the resource does not answer; the methods it does answer.
    #[error("méthode non prise en charge ; cette adresse répond à {}", .0.replace(", ", " et "))]
    MethodNotAllowed(&'static str),
    /// A form larger than the server reads.
    #[error("scénario trop long (plus de {} Kio)", .0 / 1024)]
    PayloadTooLarge(usize),
    /// Work that took longer than allowed.
    #[error("le scénario n'a pas été joué en moins de {} s ; simplifiez-le", crate::text::decimal_fr(*.0, 1))]
    Timeout(f64),
    /// A request whose body did not arrive in time (seconds allowed).
    #[error("envoi trop lent : le formulaire n'est pas arrivé en entier en moins de {0} s")]
    RequestTimeout(u64),
    /// The editor's threads and queue are full; seconds to wait.
    #[error("le serveur joue déjà d'autres scénarios ; réessayez dans {0} s")]
    Busy(u64),
    /// An address longer than the server reads.
    #[error("adresse trop longue (plus de {0} caractères)")]
    UriTooLong(usize),
    /// Anything unexpected.
    #[error("erreur interne : {0}")]
    Internal(String),
}

impl WebError {
    fn heading(&self) -> &'static str {
        match self {
            WebError::NotFound { .. } => "Page introuvable",
            WebError::BadRequest(_) => "Requête invalide",
            WebError::MethodNotAllowed(_) => "Méthode non prise en charge",
            WebError::PayloadTooLarge(_) => "Envoi trop long",
            WebError::Timeout(_) => "Temps dépassé",
            WebError::RequestTimeout(_) => "Envoi trop lent",
            WebError::Busy(_) => "Serveur occupé",
            WebError::UriTooLong(_) => "Adresse trop longue",
            WebError::Internal(_) => "Erreur du serveur",
        }
    }
}

impl ResponseError for WebError {
    fn status_code(&self) -> StatusCode {
        match self {
            WebError::NotFound { .. } => StatusCode::NOT_FOUND,
            WebError::BadRequest(_) => StatusCode::BAD_REQUEST,
            WebError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            WebError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            WebError::Timeout(_) => StatusCode::SERVICE_UNAVAILABLE,
            WebError::RequestTimeout(_) => StatusCode::REQUEST_TIMEOUT,
            WebError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            WebError::UriTooLong(_) => StatusCode::URI_TOO_LONG,
            WebError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let nearest = match self {
            WebError::NotFound { nearest, .. } => nearest.clone(),
            _ => Vec::new(),
        };
        let all = |prefix: &str| nearest.iter().all(|l| l.url.starts_with(prefix));
        let nearest_label = if all("/cartes/") {
            "Cartes proches"
        } else if all("/glossaire/") {
            "Termes proches"
        } else if all("/regles/") {
            "Règles proches"
        } else {
            "Voir aussi"
        };
        let page = ErrorPage {
            layout: Layout::new(self.heading(), ""),
            status: self.status_code().as_u16(),
            heading: self.heading(),
            message: capitalized(&self.message()),
            nearest,
            nearest_label,
        };
        let body = page.french().unwrap_or_else(|_| format!("{} : {}", self.heading(), self));
        let mut response = HttpResponse::build(self.status_code());
        response.insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"));
        match self {
            WebError::MethodNotAllowed(allowed) => _ = response.insert_header((header::ALLOW, *allowed)),
            WebError::Busy(seconds) => _ = response.insert_header((header::RETRY_AFTER, seconds.to_string())),
            WebError::RequestTimeout(_) => _ = response.insert_header((header::CONNECTION, "close")),
            _ => {}
        }
        response.body(body)
    }
}

impl WebError {
    /// The error as the JSON API gives it: `{"erreur": "…", "proches": […]}`
    /// (the labels of the nearest pages), with its status.
    pub fn json_response(&self) -> HttpResponse {
        let nearest: Vec<String> = match self {
            WebError::NotFound { nearest, .. } => nearest.iter().map(|l| l.label.clone()).collect(),
            _ => Vec::new(),
        };
        HttpResponse::build(self.status_code())
            .json(serde_json::json!({ "erreur": self.message(), "proches": nearest }))
    }

    /// The message, without the control characters an address may carry
    /// (`/regles/608.2b%07`): a page does not echo them.
    fn message(&self) -> String {
        crate::text::typed(&self.to_string())
    }
}

/// A message starting with a capital, as a sentence on a page.
fn capitalized(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl From<askama::Error> for WebError {
    fn from(e: askama::Error) -> Self {
        WebError::Internal(format!("gabarit : {e}"))
    }
}
