//! The command line, in French.
//!
//! - `arbitre check [PATH…] [--json]`: reads the documents and prints the
//!   ingestion report; exit 0 when every document loaded (anomalies are
//!   warnings), 1 when one could not be read.
//! - `arbitre regle ID [--json] [--corpus PATH…]`: prints one rule; exit 1 for
//!   an unknown id, with the nearest existing ids.
//!
//! Usage errors exit with 2. Clap's own messages are English, so they are
//! caught and said again in French.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use clap::error::{ContextKind, ErrorKind};
use clap::{ArgAction, Parser, Subcommand};

use crate::graph::{Graph, NodeIdx, Resolution};
use crate::report::CheckReport;

#[derive(Debug, Parser)]
#[command(
    name = "arbitre",
    version,
    about = "Les Règles complètes de Magic: The Gathering, en français, pour les arbitres.",
    disable_help_flag = true,
    disable_version_flag = true,
    disable_help_subcommand = true,
    subcommand_help_heading = "Commandes",
    help_template = "{about}\n\nUtilisation : {usage}\n\n{all-args}"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Affiche l'aide.
    #[arg(short = 'h', long = "help", action = ArgAction::Help, global = true)]
    help: Option<bool>,
    /// Affiche la version.
    #[arg(short = 'V', long = "version", action = ArgAction::Version)]
    version: Option<bool>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Lit les documents et affiche le rapport d'ingestion (par défaut : le corpus de rules/).
    #[command(help_template = "{about}\n\nUtilisation : {usage}\n\n{all-args}")]
    Check {
        /// Fichiers ou dossiers à lire (un dossier avec corpus.toml est lu selon son manifeste).
        #[arg(value_name = "CHEMIN")]
        paths: Vec<PathBuf>,
        /// Sortie JSON (clés stables).
        #[arg(long)]
        json: bool,
    },
    /// Affiche une règle : texte, exemples, parent, sous-règles, références, citations.
    #[command(help_template = "{about}\n\nUtilisation : {usage}\n\n{all-args}")]
    Regle {
        /// Numéro de règle : 608.2b, 608.2B, « RC 608.2b », « règle 608.2b ».
        #[arg(value_name = "NUMÉRO")]
        id: String,
        /// Sortie JSON.
        #[arg(long)]
        json: bool,
        /// Lire ces documents au lieu du corpus intégré (répétable).
        #[arg(long = "corpus", value_name = "CHEMIN")]
        corpus: Vec<PathBuf>,
    },
}

/// Runs the command line; returns the exit code.
pub fn run(
    args: impl IntoIterator<Item = impl Into<std::ffi::OsString> + Clone>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e, out, err),
    };
    let result = match cli.command {
        Command::Check { paths, json } => check(&paths, json, out, err),
        Command::Regle { id, json, corpus } => regle(&id, json, &corpus, out, err),
    };
    result.unwrap_or_else(|e| {
        let _ = writeln!(err, "erreur : {e}");
        1
    })
}

fn usage_error(e: &clap::Error, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let arg = |kind| match e.get(kind) {
        Some(v) => format!(" « {v} »"),
        None => String::new(),
    };
    let message = match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = write!(out, "{}", e.render());
            return 0;
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            "aucune commande donnée (check, regle)".to_string()
        }
        ErrorKind::InvalidSubcommand => {
            format!("commande inconnue{}", arg(ContextKind::InvalidSubcommand))
        }
        ErrorKind::UnknownArgument => format!("argument inattendu{}", arg(ContextKind::InvalidArg)),
        ErrorKind::MissingRequiredArgument => format!("argument obligatoire manquant{}", arg(ContextKind::InvalidArg)),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            format!("valeur invalide{}", arg(ContextKind::InvalidValue))
        }
        ErrorKind::InvalidUtf8 => "argument qui n'est pas de l'UTF-8 valide".to_string(),
        _ => "ligne de commande invalide".to_string(),
    };
    let _ = writeln!(err, "erreur : {message}\nEssayez « arbitre --help ».");
    2
}

fn check(paths: &[PathBuf], json: bool, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<u8> {
    let loaded = crate::load(paths);
    let report = CheckReport::new(&loaded);
    if json {
        serde_json::to_writer_pretty(&mut *out, &report)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", report.to_text(true))?;
    }
    for e in &loaded.errors {
        writeln!(err, "erreur : {e}")?;
    }
    Ok(if loaded.errors.is_empty() { 0 } else { 1 })
}

fn regle(query: &str, json: bool, corpus: &[PathBuf], out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<u8> {
    let loaded = crate::load(corpus);
    for e in &loaded.errors {
        writeln!(err, "attention : {e}")?;
    }
    let g = &loaded.graph;
    let idx = match g.lookup(query) {
        Ok(idx) => idx,
        Err(e) => {
            writeln!(err, "erreur : {e}")?;
            return Ok(1);
        }
    };
    if json {
        serde_json::to_writer_pretty(&mut *out, &g.view(idx))?;
        writeln!(out)?;
    } else {
        write!(out, "{}", rule_text(g, idx))?;
    }
    Ok(0)
}

/// A rule as French text, for the terminal.
pub fn rule_text(g: &Graph, idx: NodeIdx) -> String {
    let v = g.view(idx);
    let n = g.node(idx);
    let mut out = String::new();
    let title = v.title.as_deref().map(|t| format!(" — {t}")).unwrap_or_default();
    let _ = writeln!(out, "RC {}{title}", v.id);
    let lang =
        if v.language != v.edition_language { format!(" · texte en {}", v.language.name_fr()) } else { String::new() };
    let _ = writeln!(
        out,
        "Édition {} {}{lang} · {}, ligne {}",
        v.edition_language,
        v.edition.as_deref().unwrap_or("non datée"),
        v.source.path,
        v.source.line
    );
    let _ = writeln!(out);
    if v.text.is_empty() {
        let why = match v.origin {
            crate::graph::Origin::Contents => "connue par le sommaire seulement : son texte n'est pas dans le corpus",
            crate::graph::Origin::Implied => {
                "numéro non imprimé dans la source ; il regroupe les sous-règles ci-dessous"
            }
            crate::graph::Origin::Heading => "titre imprimé sans numéro ; le texte est dans les sous-règles ci-dessous",
            _ => "pas de texte",
        };
        let _ = writeln!(out, "({why})");
    } else {
        let _ = writeln!(out, "{}", v.text);
    }
    if !v.examples.is_empty() {
        let _ = writeln!(out, "\nExemples");
        for (i, e) in v.examples.iter().enumerate() {
            let _ = writeln!(out, "  {}. {}", i + 1, e.text);
        }
    }
    if let Some(id) = n.id {
        for &dup in g.occurrences(n.edition, id).iter().filter(|&&d| d != idx) {
            let d = g.node(dup);
            let _ = writeln!(
                out,
                "\nAutre texte sous le même numéro (occurrence {}, ligne {}) :\n{}",
                d.occurrence + 1,
                d.source.line,
                d.text
            );
        }
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "Parent : {}", v.parent.as_deref().unwrap_or("aucun"));
    let children = if v.children.is_empty() { "aucune".to_string() } else { v.children.join(", ") };
    let _ = writeln!(out, "Sous-règles : {children}");
    let _ = writeln!(
        out,
        "Précédente : {} · Suivante : {}",
        v.previous.as_deref().unwrap_or("aucune"),
        v.next.as_deref().unwrap_or("aucune")
    );
    let refs = std::iter::once(idx).chain(n.examples.iter().copied()).flat_map(|from| g.references(from));
    let mut lines: Vec<String> = Vec::new();
    for e in refs {
        let printed = &g.node(e.from).text[e.span.start as usize..e.span.end as usize];
        let what = match e.resolution {
            Resolution::Resolved(t) if g.node(t).edition == n.edition => "résolue".to_string(),
            Resolution::Resolved(t) => {
                format!("résolue (édition {})", g.edition(g.node(t).edition).label())
            }
            Resolution::TitleOnly(t) => {
                let tn = g.node(t);
                let kind = if tn.kind == crate::graph::NodeKind::Section { "section" } else { "chapitre" };
                format!(
                    "titre seul — {kind} {} « {} » (édition {})",
                    tn.label(),
                    tn.title.as_deref().unwrap_or(""),
                    g.edition(tn.edition).label()
                )
            }
            Resolution::Dangling => "introuvable dans le corpus".to_string(),
        };
        lines.push(format!("  « {printed} » → {} : {what}", e.target));
    }
    let _ = writeln!(out, "Références :{}", if lines.is_empty() { " aucune" } else { "" });
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    let mut citing: Vec<String> = v.cited_by.iter().map(|c| c.id.clone()).collect();
    citing.dedup();
    let _ =
        writeln!(out, "Cité par : {}", if citing.is_empty() { "aucune règle".to_string() } else { citing.join(", ") });
    let others: Vec<String> = v
        .other_versions
        .iter()
        .filter(|o| !(o.edition == v.edition && o.language == v.edition_language))
        .map(|o| format!("{} {}", o.language, o.edition.as_deref().unwrap_or("non datée")))
        .collect();
    if !others.is_empty() {
        let _ = writeln!(out, "Autres éditions : {}", others.join(", "));
    }
    out
}
