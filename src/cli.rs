//! The command line, in French.
//!
//! - `arbitre check [PATH…] [--json]`: reads the documents and prints the
//!   ingestion report; exit 0 when every document loaded (anomalies are
//!   warnings), 1 when one could not be read.
//! - `arbitre regle ID [--json] [--edition DATE] [--historique] [--corpus PATH…]`:
//!   prints one rule — a number in force, shown in French when a French text
//!   has it, with the rule in force beside an older text and what changed;
//!   with `--edition`, the number read in that edition; with `--historique`,
//!   its versions in every loaded edition. Exit 1 for an unknown id, with the
//!   nearest existing ids, or one the edition lacks; 2 for an edition not loaded.
//! - `arbitre cherche REQUÊTE [--json] [--limite N] [filters] [corpus]`:
//!   full-text search; a rule number goes straight to the rule. The index's
//!   build time is printed on standard error.
//! - `arbitre serve [--addr ADRESSE] [--fils N] [corpus]`: the web app
//!   ([`crate::web`]); prints its address and start-up time.
//! - `arbitre evalue-recherche FICHIER.tsv [--json] [filters] [corpus]`:
//!   MRR@10, recall@1 and recall@5 of the search over a file of queries with
//!   their expected rules.
//! - `arbitre explique FICHIER.toml [--json]`: plays a ruling scenario; exit 0
//!   when `[attendu]` holds or is absent, 1 when it does not, 2 when the
//!   scenario is invalid (file, line and key named).
//!
//! - `arbitre definit TERME [--json] [corpus]`: a glossary term's definition
//!   (the rules in force's); exit 1 with the terms close to it when absent.
//! - `arbitre vocabulaire [--met-a-jour FICHIER] [corpus]`: the French ↔
//!   English titles the aligned editions give, as vocabulary lines; with
//!   `--met-a-jour`, written into the generated part of the file.
//! - `arbitre compare ANCIENNE NOUVELLE [--json] [corpus]`: what changed
//!   between two editions of one language, aligned by content
//!   ([`crate::graph::align`]); exit 2 for an edition not loaded.
//! - `arbitre cartes importe FICHIER [--vers DOSSIER]`: rewrites the card
//!   files from MTGJSON's AtomicCards or Scryfall's oracle-cards
//!   ([`crate::cards::import`]); exit 2 for an input it cannot use, 1 when
//!   writing fails. `arbitre cartes check [DOSSIER] [--json]`: checks a card
//!   folder; exit 0 when fine, 1 when a problem is found, 2 when unreadable.
//!
//! Filters: `--section N`, `--chapitre N`, `--edition DATE`, `--langue fr|en`.
//! Corpus: `--corpus CHEMIN` reads those documents instead of the embedded
//! corpus, `--avec CHEMIN` beside it (both repeatable).
//!
//! Every help screen is French, with French typography (`localize`):
//! headings « Commandes : », « Arguments : », « Options : », value names in
//! French, defaults written « (par défaut : 10) », and each command's help ends
//! with examples that work on the embedded corpus (from the source tree).
//! Usage errors exit with 2, as clap's do; clap's own messages are English, so
//! they are said again in French from the error's kind and context
//! (`usage_error`), followed by « Aide : arbitre COMMANDE --help ».

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::engine;
use crate::graph::align::Relation;
use crate::graph::view::{Gone, RuleView};
use crate::graph::{Graph, NodeIdx, NodeKind, Origin, Resolution};
use crate::report::CheckReport;
use crate::search::{Filters, SearchIndex, eval};
use crate::vocab::Lang;

/// The space French typography puts before « : », « ; », « ? », « ! » and
/// inside « ». The typographers' choice before « : » is the narrow no-break
/// space (U+202F), but terminals and monospace fonts still draw it badly (a
/// box, or as wide as any other character): the no-break space (U+00A0) is
/// drawn as a space everywhere, and still keeps « : » on the line of its word.
const NBSP: char = '\u{a0}';

/// Every help screen. clap's own says « Usage: » and draws its headings as
/// « Options: »; here the headings are the ones below, to which clap adds « : ».
const HELP_TEMPLATE: &str = "{about}\n\nUtilisation\u{a0}: {usage}\n\n{all-args}{after-help}";
const COMMANDS_HEADING: &str = "Commandes\u{a0}";
const ARGUMENTS_HEADING: &str = "Arguments\u{a0}";
const OPTIONS_HEADING: &str = "Options\u{a0}";

#[derive(Debug, Parser)]
#[command(
    name = "arbitre",
    version,
    about = "Les Règles complètes de Magic: The Gathering, en français, pour les arbitres.",
    disable_help_flag = true,
    disable_version_flag = true,
    disable_help_subcommand = true,
    after_help = "Exemples :\n  \
        arbitre regle 608.2b              # une règle, en français quand une traduction existe\n  \
        arbitre cherche \"salve d'aura\"    # recherche en texte intégral\n  \
        arbitre serve                     # le site des arbitres sur http://127.0.0.1:8080\n\n\
        L'aide d'une commande : arbitre <COMMANDE> --help"
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
    #[command(after_help = "Exemples :\n  \
        arbitre check              # le corpus intégré\n  \
        arbitre check --json       # le même rapport, en JSON\n  \
        arbitre check rules/       # un dossier, lu selon son corpus.toml")]
    Check {
        /// Fichiers ou dossiers à lire (un dossier avec corpus.toml est lu selon son manifeste).
        #[arg(value_name = "CHEMIN")]
        paths: Vec<PathBuf>,
        /// Sortie JSON (clés stables).
        #[arg(long)]
        json: bool,
    },
    /// Affiche une règle : texte, exemples, parent, sous-règles, références, citations.
    #[command(after_help = "Exemples :\n  \
        arbitre regle 608.2b                           # la règle en vigueur\n  \
        arbitre regle 608.2h --historique              # son texte dans chaque édition\n  \
        arbitre regle 701.15 --edition fr-2024-03-08   # le numéro de l'édition française de 2024")]
    Regle {
        /// Numéro de règle : 608.2b, 608.2B, « RC 608.2b », « règle 608.2b ».
        #[arg(value_name = "NUMÉRO")]
        id: String,
        /// Sortie JSON.
        #[arg(long)]
        json: bool,
        /// Le texte de cette édition (sa date, ou fr-DATE / en-DATE), le numéro lu dans la numérotation de cette édition.
        #[arg(long, value_name = "DATE")]
        edition: Option<String>,
        /// L'histoire de la règle : son texte dans chaque édition chargée, renumérotations suivies.
        #[arg(long = "historique")]
        history: bool,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// Cherche dans les règles (mots, expressions entre guillemets, numéros de règle).
    #[command(after_help = "Exemples :\n  \
        arbitre cherche \"salve d'aura\"\n  \
        arbitre cherche \"cible illegale\" --limite 3           # sans accents, 3 résultats\n  \
        arbitre cherche pietinement --langue en --section 7   # en anglais, section 7 seulement")]
    Cherche {
        /// Ce que vous cherchez : « salve d'aura », « cible illegale », « 608.2b ».
        #[arg(value_name = "REQUÊTE")]
        query: String,
        /// Sortie JSON : id, title, edition, language, snippet, score.
        #[arg(long)]
        json: bool,
        /// Nombre de résultats.
        #[arg(long = "limite", value_name = "N", default_value_t = 10, value_parser = parse_count)]
        limit: usize,
        #[command(flatten)]
        filters: FilterArgs,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// Sert l'application web : pages des règles, recherche, aperçus, API JSON.
    #[command(after_help = "Exemples :\n  \
        arbitre serve                                  # http://127.0.0.1:8080\n  \
        arbitre serve --addr 127.0.0.1:3000 --fils 2   # un autre port, deux fils")]
    Serve {
        /// Adresse d'écoute.
        #[arg(long, value_name = "ADRESSE", default_value = "127.0.0.1:8080")]
        addr: String,
        /// Nombre de fils de service (par défaut : un par cœur).
        #[arg(long = "fils", value_name = "N", value_parser = parse_count)]
        workers: Option<usize>,
        /// Ne pas lire les cartes au démarrage ni dans les recherches (pour mesurer ce qu'elles coûtent ; une page de carte les lit encore).
        #[arg(long = "sans-cartes")]
        without_cards: bool,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// Évalue la recherche sur un fichier de requêtes (requête<TAB>identifiants) : MRR@10, rappel@1, rappel@5.
    #[command(
        name = "evalue-recherche",
        after_help = "Exemples :\n  \
            arbitre evalue-recherche tests/recherche/juges.tsv\n  \
            arbitre evalue-recherche tests/recherche/juges.tsv --json\n  \
            arbitre evalue-recherche tests/recherche/english.tsv --langue en"
    )]
    EvalueRecherche {
        /// Fichier TSV : une requête par ligne, une tabulation, les identifiants acceptables séparés par des virgules.
        #[arg(value_name = "FICHIER")]
        file: PathBuf,
        /// Sortie JSON.
        #[arg(long)]
        json: bool,
        /// Sans lire les cartes nommées dans les questions (pour mesurer ce qu'elles apportent).
        #[arg(long = "sans-cartes")]
        without_cards: bool,
        /// Sans les gloses françaises des règles anglaises (pour mesurer ce qu'elles apportent).
        #[arg(long = "sans-gloses")]
        without_glosses: bool,
        #[command(flatten)]
        filters: FilterArgs,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// Compare deux éditions d'une même langue : règles ajoutées, retirées, renumérotées, modifiées, glossaire.
    #[command(after_help = "Exemples :\n  \
        arbitre compare 2025-11-14 2026-01-16\n  \
        arbitre compare en-2025-11-14 en-2026-01-16 --json")]
    Compare {
        /// L'ancienne édition : sa date (2025-11-14), ou en-2025-11-14 si deux langues ont cette date.
        #[arg(value_name = "ANCIENNE")]
        old: String,
        /// La nouvelle édition, de même.
        #[arg(value_name = "NOUVELLE")]
        new: String,
        /// Sortie JSON : added[], removed[], renumbered[] (from, to), changed[], references_only[], split[], merged[], glossary.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// Définit un terme du glossaire (celui des règles en vigueur) : sa définition et les règles qu'elle cite.
    #[command(after_help = "Exemples :\n  \
        arbitre definit piétinement\n  \
        arbitre definit LKI                                # le jargon des joueurs\n  \
        arbitre definit \"last known information\" --json")]
    Definit {
        /// Le terme, tel que le glossaire l'écrit ou par son nom français ou son jargon (la casse et les accents ne comptent pas) : « Trample », « piétinement », « LKI ».
        #[arg(value_name = "TERME")]
        term: String,
        /// Sortie JSON : term, definition, edition, language, rules[], source.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// Montre une carte : noms anglais et français, coût, type, texte Oracle, règles liées, décisions datées, texte français imprimé, scénarios.
    #[command(after_help = "Exemples :\n  \
        arbitre carte \"kitchen finks\"\n  \
        arbitre carte finks                                # une partie distinctive du nom\n  \
        arbitre carte \"lune de sang\" --json               # par son nom français")]
    Carte {
        /// Le nom de la carte, en anglais ou en français, ou une partie distinctive (la casse, les accents et les apostrophes ne comptent pas).
        #[arg(value_name = "NOM")]
        name: String,
        /// Sortie JSON : card (name, french[], mana_cost, type_line, text, keywords[], rulings[], printed[]), stale (null : rien à comparer), nicknames[], related[] (rule, why), namesakes[], faces[], missing_faces[], url, scenarios[] (title, url), notice.
        #[arg(long)]
        json: bool,
    },
    /// Les données des cartes (rules/cartes/) : les importer d'un téléchargement de MTGJSON ou de Scryfall, les vérifier.
    #[command(after_help = "Exemples :\n  \
        arbitre cartes check                    # les fichiers de rules/cartes/\n  \
        arbitre cartes check --json             # le même rapport, en JSON\n  \
        arbitre cartes check rules/cartes       # un dossier nommé")]
    Cartes {
        #[command(subcommand)]
        action: CardsAction,
    },
    /// Vocabulaire français ↔ anglais : affiche les titres que donnent les éditions alignées, ou met à jour leur partie du fichier.
    #[command(after_help = "Exemples :\n  \
        arbitre vocabulaire\n  \
        arbitre vocabulaire --cartes ../shared/cards/mtgjson3-fr-rulings.json.gz --met-a-jour rules/vocabulaire.tsv")]
    Vocabulaire {
        /// Remplacer la partie générée de ce fichier (rules/vocabulaire.tsv) par les titres alignés, et garder le reste.
        #[arg(long = "met-a-jour", value_name = "FICHIER")]
        update: Option<PathBuf>,
        /// Miner aussi les cartes imprimées en français à côté de leur texte anglais (mtgjson3-fr-rulings.json.gz).
        #[arg(long = "cartes", value_name = "FICHIER")]
        cards: Option<PathBuf>,
        /// Apprendre aussi la table de traduction des mots (rules/traductions.tsv) des textes en deux langues — règles traduites, cartes imprimées (avec --cartes), vocabulaire — et l'écrire dans ce fichier.
        #[arg(long = "traductions", value_name = "FICHIER")]
        translations: Option<PathBuf>,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// Joue un scénario de décision (TOML) étape par étape et explique chaque étape avec ses règles.
    #[command(after_help = "Exemples :\n  \
        arbitre explique rules/scenarios/salve-d-aura-protection-contre-le-blanc.toml\n  \
        arbitre explique rules/scenarios/premiere-frappe.toml --json")]
    Explique {
        /// Scénario TOML (voir docs/scenarios.md) ; un scénario livré (rules/scenarios/…) se lit aussi depuis un autre dossier.
        #[arg(value_name = "FICHIER")]
        file: PathBuf,
        /// Sortie JSON : steps[], result, expected.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
}

/// What `arbitre cartes` does.
#[derive(Debug, Subcommand)]
enum CardsAction {
    /// Lit AtomicCards.json de MTGJSON v5 ou oracle-cards de Scryfall (JSON, ou JSON compressé en gzip) et récrit les fichiers des cartes.
    #[command(after_help = "Exemples :\n  \
        arbitre cartes importe AtomicCards.json.gz                        # MTGJSON : cartes, noms français, décisions\n  \
        arbitre cartes importe oracle-cards-20260120.json --vers /tmp/c   # Scryfall : cartes seulement\n\n\
        Puis : arbitre cartes check, et cargo build --release pour les intégrer au binaire.")]
    Importe {
        /// Le fichier téléchargé : AtomicCards.json(.gz) de MTGJSON v5, ou oracle-cards-*.json(.gz) de Scryfall.
        #[arg(value_name = "FICHIER")]
        file: PathBuf,
        /// Le dossier, qui doit exister, où écrire oracle-cards.json.gz et mtgjson3-fr-rulings.json.gz.
        #[arg(long = "vers", value_name = "DOSSIER", default_value = crate::cards::import::DEFAULT_FOLDER)]
        folder: PathBuf,
        /// Écrire même quand le fichier a moins de la moitié des cartes du dossier (sinon refusé : un téléchargement partiel, le plus souvent).
        #[arg(long = "remplacer")]
        replace: bool,
    },
    /// Vérifie les deux fichiers des cartes d'un dossier : lecture, comptes, doublons, lignes de type, noms français sans carte, dates des décisions.
    #[command(after_help = "Exemples :\n  \
        arbitre cartes check\n  \
        arbitre cartes check /tmp/c --json\n\n\
        Code de sortie : 0 sans problème, 1 si un problème est trouvé, 2 si un fichier est illisible.")]
    Check {
        /// Le dossier des cartes.
        #[arg(value_name = "DOSSIER", default_value = crate::cards::import::DEFAULT_FOLDER)]
        folder: PathBuf,
        /// Sortie JSON (clés stables) : folder, oracle_records, cards, faces, french_records, with_french, with_rulings, rulings, with_printed, duplicate_names, duplicate_french_names, missing_type, french_orphans, orphan_nicknames, bad_ruling_dates ({ count, examples }), problems[], warnings[], ok.
        #[arg(long)]
        json: bool,
    },
}

/// Which documents to load.
#[derive(Debug, clap::Args)]
struct CorpusArgs {
    /// Lire ces documents au lieu du corpus intégré (répétable).
    #[arg(long = "corpus", value_name = "CHEMIN")]
    instead: Vec<PathBuf>,
    /// Lire aussi ces documents, à côté du corpus intégré (répétable).
    #[arg(long = "avec", value_name = "CHEMIN")]
    beside: Vec<PathBuf>,
}

impl CorpusArgs {
    /// Loads the documents; a document that cannot be read (missing, not
    /// text, no rule in it) stops the command before it does anything with
    /// the others: a judge who named a file expects it to be there.
    fn load(&self, err: &mut dyn Write) -> anyhow::Result<crate::Loaded> {
        let loaded = if self.instead.is_empty() {
            crate::load_with(&self.beside)
        } else {
            crate::load(&[self.instead.clone(), self.beside.clone()].concat())
        };
        if !loaded.errors.is_empty() {
            for e in &loaded.errors {
                writeln!(err, "erreur : {e}")?;
            }
            let n = loaded.errors.len();
            anyhow::bail!("{} : rien n'est fait", crate::text::plural(n, "document illisible", "documents illisibles"));
        }
        for (path, why) in loaded.skipped.iter().filter(|(_, why)| why.starts_with("déjà chargé")) {
            writeln!(err, "note : {path} non relu ({why})")?;
        }
        Ok(loaded)
    }
}

/// Search filters.
#[derive(Debug, clap::Args)]
struct FilterArgs {
    /// Seulement cette section (1 à 9).
    #[arg(long, value_name = "N", value_parser = parse_section)]
    section: Option<u8>,
    /// Seulement ce chapitre (100 à 999).
    #[arg(long = "chapitre", value_name = "N", value_parser = parse_chapter)]
    chapter: Option<u16>,
    /// Seulement cette édition (date AAAA-MM-JJ).
    #[arg(long, value_name = "DATE")]
    edition: Option<String>,
    /// Seulement les textes dans cette langue (fr ou en).
    #[arg(long = "langue", value_name = "LANGUE", value_parser = parse_language)]
    language: Option<Lang>,
}

/// What a value should have been, in French: the value parsers' error, said
/// after « valeur invalide « x » pour --option : » ([`usage_error`] finds it
/// by its type, so that no parser's English message is ever shown).
#[derive(Debug)]
struct Expected(&'static str);

impl std::fmt::Display for Expected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for Expected {}

fn parse_count(s: &str) -> Result<usize, Expected> {
    s.parse().map_err(|_| Expected("un nombre entier est attendu"))
}

fn parse_section(s: &str) -> Result<u8, Expected> {
    s.parse().ok().filter(|n| (1..=9).contains(n)).ok_or(Expected("un numéro de section de 1 à 9 est attendu"))
}

fn parse_chapter(s: &str) -> Result<u16, Expected> {
    s.parse().ok().filter(|n| (100..=999).contains(n)).ok_or(Expected("un numéro de chapitre de 100 à 999 est attendu"))
}

fn parse_language(s: &str) -> Result<Lang, Expected> {
    Lang::parse(s).ok_or(Expected("fr ou en est attendu"))
}

impl FilterArgs {
    fn filters(&self) -> Filters {
        Filters { section: self.section, chapter: self.chapter, edition: self.edition.clone(), language: self.language }
    }
}

/// The command line as clap builds it from [`Cli`], said in French.
fn command() -> clap::Command {
    localize(Cli::command())
}

/// A command and its subcommands in French: the help template and headings,
/// « COMMANDE », the French typography of every text, and each argument's
/// default said in its help (clap's « [default: 10] » hidden).
fn localize(cmd: clap::Command) -> clap::Command {
    let about = cmd.get_about().map(|s| typography(&s.to_string()));
    let long_about = cmd.get_long_about().map(|s| typography(&s.to_string()));
    let after_help = cmd.get_after_help().map(|s| typography(&s.to_string()));
    // Under a heading of their own, positional arguments would be sorted by
    // name (« <NOUVELLE> » before « <ANCIENNE> »): they keep their order.
    let mut positionals = 0;
    let in_order = move |arg: Arg| {
        if arg.is_positional() {
            positionals += 1;
            localize_arg(arg.display_order(positionals))
        } else {
            localize_arg(arg)
        }
    };
    let mut cmd = cmd
        .help_template(HELP_TEMPLATE)
        .subcommand_help_heading(COMMANDS_HEADING)
        .subcommand_value_name("COMMANDE")
        .mut_args(in_order)
        .mut_subcommands(localize);
    if let Some(about) = about {
        cmd = cmd.about(about);
    }
    if let Some(long_about) = long_about {
        cmd = cmd.long_about(long_about);
    }
    if let Some(after_help) = after_help {
        cmd = cmd.after_help(after_help);
    }
    cmd
}

/// One argument in French: under « Arguments : » or « Options : », its
/// default and possible values written by us (clap writes them in English).
fn localize_arg(arg: Arg) -> Arg {
    let heading = if arg.is_positional() { ARGUMENTS_HEADING } else { OPTIONS_HEADING };
    let mut notes = String::new();
    let takes_values = arg.get_action().takes_values();
    if takes_values {
        let defaults: Vec<_> = arg.get_default_values().iter().map(|v| v.to_string_lossy()).collect();
        if !defaults.is_empty() && !arg.is_hide_default_value_set() {
            let _ = write!(notes, " (par défaut : {})", defaults.join(", "));
        }
        let values: Vec<_> = arg
            .get_possible_values()
            .into_iter()
            .filter(|v| !v.is_hide_set())
            .map(|v| v.get_name().to_string())
            .collect();
        if !values.is_empty() && !arg.is_hide_possible_values_set() {
            let _ = write!(notes, " (valeurs : {})", values.join(", "));
        }
    }
    let help = arg.get_help().map(|s| typography(&format!("{s}{notes}")));
    let long_help = arg.get_long_help().map(|s| typography(&format!("{s}{notes}")));
    let mut arg = arg.help_heading(heading);
    if takes_values {
        // clap allows these only on an argument that takes a value.
        arg = arg.hide_default_value(true).hide_possible_values(true);
    }
    if let Some(help) = help {
        arg = arg.help(help);
    }
    if let Some(long_help) = long_help {
        arg = arg.long_help(long_help);
    }
    arg
}

/// French spacing: a no-break space ([`NBSP`]) before « : », « ; », « ? »,
/// « ! » and inside « », where the text has a plain one.
fn typography(text: &str) -> String {
    let mut out = text.to_string();
    for mark in [':', ';', '?', '!', '»'] {
        out = out.replace(&format!(" {mark}"), &format!("{NBSP}{mark}"));
    }
    out.replace("« ", &format!("«{NBSP}"))
}

/// Runs the command line; returns the exit code.
pub fn run(
    args: impl IntoIterator<Item = impl Into<std::ffi::OsString> + Clone>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let mut cmd = command();
    let cli = match cmd.try_get_matches_from_mut(&args).and_then(|m| Cli::from_arg_matches(&m)) {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e, &cmd, &args, out, err),
    };
    // What a judge reads in the terminal gets French typography (no-break
    // spaces, curly apostrophes); JSON is left as the source says, and the
    // long-running commands write as they go.
    let typographed = match &cli.command {
        Command::Check { json, .. }
        | Command::Regle { json, .. }
        | Command::Cherche { json, .. }
        | Command::Explique { json, .. }
        | Command::Compare { json, .. }
        | Command::Definit { json, .. }
        | Command::Carte { json, .. } => !json,
        _ => false,
    };
    let (mut buffer, mut err_buffer): (Vec<u8>, Vec<u8>) = (Vec::new(), Vec::new());
    let (real_out, real_err) = (out, err);
    let out: &mut dyn Write = if typographed { &mut buffer } else { &mut *real_out };
    let err: &mut dyn Write = if typographed { &mut err_buffer } else { &mut *real_err };
    let result = match cli.command {
        Command::Check { paths, json } => check(&paths, json, out, err),
        Command::Regle { id, json, edition, history, corpus } => {
            regle(&RegleArgs { query: &id, json, edition: edition.as_deref(), history }, &corpus, out, err)
        }
        Command::Cherche { query, json, limit, filters, corpus } => {
            cherche(&query, json, limit, &filters.filters(), &corpus, out, err)
        }
        Command::Serve { addr, workers, without_cards, corpus } => {
            serve(&addr, workers, !without_cards, &corpus, out, err)
        }
        Command::EvalueRecherche { file, json, without_cards, without_glosses, filters, corpus } => {
            let without = Without { cards: without_cards, glosses: without_glosses };
            evalue(&file, json, without, &filters.filters(), &corpus, out, err)
        }
        Command::Explique { file, json, corpus } => explique(&file, json, &corpus, out, err),
        Command::Compare { old, new, json, corpus } => compare(&old, &new, json, &corpus, out, err),
        Command::Definit { term, json, corpus } => definit(&term, json, &corpus, out, err),
        Command::Carte { name, json } => carte(&name, json, out, err),
        Command::Cartes { action } => cartes(action, out, err),
        Command::Vocabulaire { update, cards, translations, corpus } => {
            let files = VocabularyFiles {
                update: update.as_deref(),
                cards: cards.as_deref(),
                translations: translations.as_deref(),
            };
            vocabulaire(&files, &corpus, out, err)
        }
    };
    let result = result.unwrap_or_else(|e| {
        let _ = writeln!(err, "erreur : {e}");
        1
    });
    if typographed {
        // U+202F is drawn badly by many terminals: a no-break space everywhere.
        let french = |bytes: &[u8]| {
            crate::text::french_typography(&String::from_utf8_lossy(bytes))
                .replace(crate::text::NNBSP, &NBSP.to_string())
        };
        if real_out.write_all(french(&buffer).as_bytes()).is_err() {
            return 1;
        }
        let _ = real_err.write_all(french(&err_buffer).as_bytes());
    }
    result
}

/// Says one of clap's usage errors in French, from its kind and context
/// (clap's own message is English), then where the help is; returns clap's
/// exit code: 2, or 0 for `--help` and `--version`, which go to `out`.
fn usage_error(
    e: &clap::Error,
    cmd: &clap::Command,
    args: &[OsString],
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let code = u8::try_from(e.exit_code()).unwrap_or(2);
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = write!(out, "{}", e.render());
        return code;
    }
    let sub = subcommand_in(cmd, args);
    let message = french_error(e, sub.unwrap_or(cmd), cmd);
    let help = sub.map_or_else(|| "arbitre --help".to_string(), |s| format!("arbitre {} --help", s.get_name()));
    let _ = writeln!(err, "erreur : {message}\nAide : {help}");
    code
}

/// The subcommand the arguments name, if they name one: the first argument
/// that is not an option (`arbitre` itself has no option taking a value).
fn subcommand_in<'a>(cmd: &'a clap::Command, args: &[OsString]) -> Option<&'a clap::Command> {
    let name = args.iter().skip(1).find(|a| !a.to_string_lossy().starts_with('-'))?;
    cmd.find_subcommand(name)
}

/// The French for one of clap's errors. `cmd` is the command whose arguments
/// were read (to name them as its help does), `root` the whole command line
/// (for the list of commands).
fn french_error(e: &clap::Error, cmd: &clap::Command, root: &clap::Command) -> String {
    let context = |kind| strings(e.get(kind));
    let first = |kind| context(kind).into_iter().next().unwrap_or_default();
    let args: Vec<String> = context(ContextKind::InvalidArg).iter().map(|a| arg_name(cmd, a)).collect();
    let arg = args.first().cloned().unwrap_or_default();
    let value = first(ContextKind::InvalidValue);
    let mut message = match e.kind() {
        ErrorKind::InvalidSubcommand => format!("commande inconnue « {} »", first(ContextKind::InvalidSubcommand)),
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            "il manque la commande".to_string()
        }
        ErrorKind::UnknownArgument => format!("argument inattendu « {arg} »"),
        ErrorKind::MissingRequiredArgument => match args.as_slice() {
            [one] => format!("il manque l'argument {one}"),
            [others @ .., last] => format!("il manque les arguments {} et {last}", others.join(", ")),
            [] => "il manque un argument".to_string(),
        },
        ErrorKind::InvalidValue | ErrorKind::ValueValidation if value.is_empty() => {
            format!("il manque la valeur de {arg}")
        }
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => format!("valeur invalide « {value} » pour {arg}"),
        ErrorKind::NoEquals => format!("{arg} attend sa valeur après « = »"),
        ErrorKind::TooManyValues => format!("valeur en trop « {value} » pour {arg}"),
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => format!("nombre de valeurs incorrect pour {arg}"),
        ErrorKind::ArgumentConflict => {
            let prior: Vec<String> = context(ContextKind::PriorArg).iter().map(|a| arg_name(cmd, a)).collect();
            if prior.is_empty() || prior == [arg.clone()] {
                format!("{arg} est donné plus d'une fois")
            } else {
                format!("{arg} ne va pas avec {}", prior.join(", "))
            }
        }
        ErrorKind::InvalidUtf8 => "un argument n'est pas du texte UTF-8 valide".to_string(),
        _ => "ligne de commande invalide".to_string(),
    };
    // Why the value is wrong: only our own parsers' reasons, which are French.
    if let Some(expected) = std::error::Error::source(e).and_then(|s| s.downcast_ref::<Expected>()) {
        let _ = write!(message, " : {expected}");
    }
    let valid = context(ContextKind::ValidValue);
    if e.kind() == ErrorKind::InvalidValue && !valid.is_empty() {
        let _ = write!(message, " : valeurs possibles : {}", valid.join(", "));
    }
    // clap lists the names like the one typed from the least to the most like it.
    let suggested: Vec<String> =
        [ContextKind::SuggestedSubcommand, ContextKind::SuggestedArg, ContextKind::SuggestedValue]
            .into_iter()
            .flat_map(|kind| context(kind).into_iter().rev())
            .map(|name| format!("« {name} »"))
            .collect();
    if !suggested.is_empty() {
        let _ = write!(message, " ; vouliez-vous dire {} ?", suggested.join(" ou "));
    }
    if suggested.is_empty()
        && matches!(
            e.kind(),
            ErrorKind::InvalidSubcommand
                | ErrorKind::MissingSubcommand
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
        )
    {
        let names: Vec<&str> = root.get_subcommands().filter(|c| !c.is_hide_set()).map(|c| c.get_name()).collect();
        let _ = write!(message, " ; les commandes : {}", names.join(", "));
    }
    if e.kind() == ErrorKind::UnknownArgument && !arg.starts_with('-') && cmd.get_positionals().next().is_some() {
        message.push_str(" (une valeur de plusieurs mots s'écrit entre guillemets)");
    }
    message
}

/// A context value of clap's error as text.
fn strings(value: Option<&ContextValue>) -> Vec<String> {
    match value {
        Some(ContextValue::String(s)) => vec![s.clone()],
        Some(ContextValue::Strings(v)) => v.clone(),
        Some(ContextValue::StyledStr(s)) => vec![s.to_string()],
        Some(ContextValue::StyledStrs(v)) => v.iter().map(ToString::to_string).collect(),
        Some(ContextValue::Number(n)) => vec![n.to_string()],
        _ => Vec::new(),
    }
}

/// An argument as the help names it, `--limite` or `<REQUÊTE>`, from the
/// way clap's errors show it (`--limite <N>`, as in its usage line).
fn arg_name(cmd: &clap::Command, shown: &str) -> String {
    match cmd.get_arguments().find(|a| a.to_string() == shown) {
        Some(a) => a.get_long().map_or_else(|| shown.to_string(), |long| format!("--{long}")),
        None => shown.to_string(),
    }
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

/// `compare`: two editions of one language, aligned by content.
fn compare(
    old: &str,
    new: &str,
    json: bool,
    corpus: &CorpusArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<u8> {
    let loaded = corpus.load(err)?;
    let g = &loaded.graph;
    let editions = match (g.edition_named(old), g.edition_named(new)) {
        (Ok(a), Ok(b)) if g.edition(a).language == g.edition(b).language => (a, b),
        (Ok(_), Ok(_)) => {
            writeln!(err, "erreur : les deux éditions doivent être de la même langue")?;
            return Ok(2);
        }
        (Err(e), _) | (_, Err(e)) => {
            writeln!(err, "erreur : {e}")?;
            return Ok(2);
        }
    };
    let c = g.compare(editions.0, editions.1);
    if json {
        serde_json::to_writer_pretty(&mut *out, &c)?;
        writeln!(out)?;
        return Ok(0);
    }
    let list = |items: &[String]| if items.is_empty() { String::new() } else { format!(" : {}", items.join(", ")) };
    let count = crate::report::plural;
    writeln!(out, "Comparaison : {} → {}", c.old, c.new)?;
    writeln!(
        out,
        "  {} (sections, chapitres et règles ; numéro changé ou non)",
        count(c.same, "identique", "identiques")
    )?;
    let renumbered: Vec<String> = c.renumbered.iter().map(|r| format!("{} → {}", r.from, r.to)).collect();
    writeln!(out, "  {}{}", count(c.renumbered.len(), "renumérotée", "renumérotées"), list(&renumbered))?;
    writeln!(out, "  {}{}", count(c.changed.len(), "modifiée", "modifiées"), list(&c.changed))?;
    let only =
        count(c.references_only.len(), "où seuls les numéros cités changent", "où seuls les numéros cités changent");
    writeln!(out, "  {only}{}", list(&c.references_only))?;
    writeln!(out, "  {}{}", count(c.added.len(), "ajoutée", "ajoutées"), list(&c.added))?;
    writeln!(out, "  {}{}", count(c.removed.len(), "retirée", "retirées"), list(&c.removed))?;
    let regrouped = |r: &crate::graph::align::Regrouped| format!("{} → {}", r.from.join(" + "), r.to.join(" + "));
    let split: Vec<String> = c.split.iter().map(regrouped).collect();
    writeln!(out, "  {}{}", count(split.len(), "scindée", "scindées"), list(&split))?;
    let merged: Vec<String> = c.merged.iter().map(regrouped).collect();
    writeln!(out, "  {}{}", count(merged.len(), "fusion", "fusions"), list(&merged))?;
    let gl = &c.glossary;
    writeln!(out, "Glossaire :")?;
    writeln!(out, "  {}{}", count(gl.added.len(), "terme ajouté", "termes ajoutés"), list(&gl.added))?;
    writeln!(out, "  {}{}", count(gl.removed.len(), "terme retiré", "termes retirés"), list(&gl.removed))?;
    writeln!(
        out,
        "  {}{}",
        count(gl.changed.len(), "définition modifiée", "définitions modifiées"),
        list(&gl.changed)
    )?;
    Ok(0)
}

/// `explique`: exit 0 when `[attendu]` holds or is absent, 1 when it does
/// not, 2 when the scenario cannot be read.
fn explique(
    file: &Path,
    json: bool,
    corpus: &CorpusArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<u8> {
    let path = file.to_string_lossy().replace('\\', "/");
    // A shipped scenario, named as `carte` and the web name it, is read from
    // the binary where the source tree is not (another folder).
    let shipped = engine::shipped(path.trim_start_matches("./"));
    let text = match (read_scenario(file), shipped) {
        (Ok(text), _) => text,
        (Err(_), Some(text)) if !file.exists() => text.to_string(),
        (Err(message), _) => {
            writeln!(err, "erreur : {path} : {message}")?;
            return Ok(2);
        }
    };
    let loaded = corpus.load(err)?;
    let scenario = match engine::parse(&path, &text, Some(&loaded.graph)) {
        Ok(s) => s,
        Err(e) => {
            writeln!(err, "erreur : scénario invalide : {e}")?;
            return Ok(2);
        }
    };
    let outcome = match engine::run(&scenario) {
        Ok(outcome) => outcome,
        Err(stopped) => {
            writeln!(err, "erreur : {path} : {stopped}")?;
            return Ok(2);
        }
    };
    if json {
        serde_json::to_writer_pretty(&mut *out, &outcome)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", engine::render::outcome_text(&outcome))?;
    }
    Ok(if outcome.expected.ok { 0 } else { 1 })
}

/// A scenario file's text, or why it cannot be read (in French).
fn read_scenario(file: &Path) -> Result<String, String> {
    let bytes = std::fs::read(file).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => "fichier introuvable".to_string(),
        std::io::ErrorKind::PermissionDenied => "lecture refusée (droits)".to_string(),
        _ if file.is_dir() => "c'est un dossier, pas un fichier".to_string(),
        _ => format!("lecture impossible ({e})"),
    })?;
    if bytes.len() > engine::MAX_SCENARIO_BYTES {
        return Err(format!("fichier trop grand ({} octets, au plus {})", bytes.len(), engine::MAX_SCENARIO_BYTES));
    }
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&bytes);
    String::from_utf8(bytes.to_vec()).map_err(|e| {
        format!("le fichier n'est pas en UTF-8 (octet invalide à la position {})", e.utf8_error().valid_up_to())
    })
}

/// What `regle` shows.
struct RegleArgs<'a> {
    query: &'a str,
    json: bool,
    edition: Option<&'a str>,
    history: bool,
}

fn regle(args: &RegleArgs, corpus: &CorpusArgs, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<u8> {
    let loaded = corpus.load(err)?;
    let g = &loaded.graph;
    let found = match args.edition {
        None => g.lookup(args.query).map_err(|e| (e.to_string(), 1)),
        Some(e) => in_edition(g, args.query, e),
    };
    let idx = match found {
        Ok(idx) => idx,
        Err((message, code)) => {
            writeln!(err, "erreur : {message}")?;
            return Ok(code);
        }
    };
    match (args.json, args.history) {
        (true, false) => serde_json::to_writer_pretty(&mut *out, &g.view(idx))?,
        (true, true) => serde_json::to_writer_pretty(&mut *out, &g.history(idx))?,
        (false, false) => write!(out, "{}", rule_text(g, idx))?,
        (false, true) => write!(out, "{}", history_text(g, idx))?,
    }
    if args.json {
        writeln!(out)?;
    }
    Ok(0)
}

/// A number read in one edition's own numbering (`701.15` of the French
/// 2024 table is « régénérer »), or the message and exit code: 1 when the
/// edition lacks the number, 2 when the edition is not loaded.
fn in_edition(g: &Graph, query: &str, edition: &str) -> Result<NodeIdx, (String, u8)> {
    let ed = g.edition_named(edition).map_err(|e| (e, 2))?;
    let id = crate::vocab::RuleId::parse_loose(query).map_err(|e| (e.to_string(), 1))?;
    g.occurrences(ed, id)
        .first()
        .copied()
        .ok_or_else(|| (format!("la règle {id} n'est pas dans l'édition {}", g.edition(ed).label()), 1))
}

/// `definit`: a glossary term's definition; exit 1, with the terms close to
/// it, when the glossary does not have it.
fn definit(
    term: &str,
    json: bool,
    corpus: &CorpusArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<u8> {
    let loaded = corpus.load(err)?;
    let g = &loaded.graph;
    let Some((idx, _)) = g.definition_of_name(term, crate::lexicon::Lexicon::embedded()) else {
        let near = g.glossary_terms_near(term, 8);
        let near = if near.is_empty() { String::new() } else { format!(" ; termes proches : {}", near.join(", ")) };
        writeln!(err, "erreur : aucune entrée du glossaire pour « {} »{near}", crate::text::quote(term))?;
        // A word of jargon the glossary lacks: the rule the vocabulary sends it to.
        for rule in crate::lexicon::Lexicon::embedded().rules_of(term) {
            writeln!(err, "Le vocabulaire l'envoie à la règle {rule} : arbitre regle {rule}")?;
        }
        return Ok(1);
    };
    let v = g.definition_view(idx);
    if json {
        serde_json::to_writer_pretty(&mut *out, &v)?;
        writeln!(out)?;
        return Ok(0);
    }
    writeln!(out, "{} (glossaire, édition {})", v.term, edition_label(v.language, v.edition.as_deref()))?;
    writeln!(out, "{}", v.definition)?;
    if !v.rules.is_empty() {
        writeln!(out, "Règles citées : {}", v.rules.join(", "))?;
    }
    // « initiative »: first strike in French, and also an English term of its own.
    if let Some(other) = g.english_homonym(term, idx) {
        let o = g.definition_view(other);
        writeln!(out, "\nEn anglais, « {} » est aussi un terme du glossaire :", o.term)?;
        writeln!(out, "{}", o.definition)?;
        if !o.rules.is_empty() {
            writeln!(out, "Règles citées : {}", o.rules.join(", "))?;
        }
    }
    Ok(0)
}

/// `carte` of a name no card has: exit 1 with the nearest cards, in JSON
/// with `--json` as `/api/cartes/{slug}` answers.
fn card_not_found(
    cards: &crate::cards::Cards,
    name: &str,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<u8> {
    let message = format!("aucune carte « {} »", crate::text::quote(name));
    let nearest = cards.nearest(name, 8);
    if json {
        let names: Vec<&str> = nearest.iter().map(|c| c.name.as_str()).collect();
        serde_json::to_writer_pretty(&mut *out, &serde_json::json!({ "erreur": message, "proches": names }))?;
        writeln!(out)?;
        return Ok(1);
    }
    writeln!(err, "erreur : {message}")?;
    let near: Vec<String> = nearest.iter().map(|c| format!("« {} »", c.name)).collect();
    if !near.is_empty() {
        writeln!(err, "Cartes proches : {}", near.join(", "))?;
    }
    Ok(1)
}

/// `arbitre carte NOM`: the card a name designates, with the rules its text
/// touches, its rulings, its French text and the shipped scenarios in which
/// it appears; one line warns when a text of 2018 may be out of date.
fn carte(name: &str, json: bool, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<u8> {
    let name = &crate::text::typed(name);
    if name.is_empty() {
        writeln!(err, "erreur : nom de carte vide : donnez son nom anglais ou français")?;
        return Ok(2);
    }
    let cards = crate::cards::Cards::embedded();
    let Some(card) = cards.find(name) else {
        return card_not_found(cards, name, json, out, err);
    };
    // The rules in force, for the titles of the rules the card touches, and
    // the scenarios: the embedded corpus, as `serve` reads it.
    let graph = crate::load(&[]).graph;
    let scenarios: Vec<crate::engine::Scenario> =
        crate::engine::load_embedded(&graph).into_iter().filter_map(Result::ok).collect();
    let in_scenarios = crate::web::cards::scenarios_of(card, &scenarios);
    if json {
        serde_json::to_writer_pretty(&mut *out, &crate::web::cards::json(card, &in_scenarios))?;
        writeln!(out)?;
        return Ok(0);
    }
    let french = if card.french.is_empty() { String::new() } else { format!(" — {}", card.french.join(", ")) };
    writeln!(out, "{}{french}", card.name)?;
    let nicknames = card.nicknames_said();
    if !nicknames.is_empty() {
        writeln!(out, "Surnoms : {nicknames}")?;
    }
    let cost = card.mana_cost.as_deref().map(|c| format!("{c} · ")).unwrap_or_default();
    let stats = card.stats();
    let pt = if stats.is_empty() { stats } else { format!(" · {stats}") };
    writeln!(out, "{cost}{}{pt}", card.type_line)?;
    let (faces, missing) = cards.other_faces(card);
    if !faces.is_empty() {
        let names: Vec<&str> = faces.iter().map(|c| c.name.as_str()).collect();
        let label = if names.len() > 1 { "Autres faces" } else { "Autre face" };
        writeln!(out, "{label} : {}", names.join(", "))?;
    }
    let namesakes: Vec<String> = cards
        .namesakes(card)
        .iter()
        .map(|c| if c.french.is_empty() { c.name.to_string() } else { format!("{} ({})", c.name, c.french.join(", ")) })
        .collect();
    if !namesakes.is_empty() {
        writeln!(out, "Un de ses noms désigne aussi : {}", namesakes.join(", "))?;
    }
    write!(out, "{}", oracle_text(card, &faces))?;
    if !missing.is_empty() {
        writeln!(
            out,
            "Attention : les données de cartes n'ont que la première moitié de cette carte : le coût, le type et le texte montrés sont ceux de la première moitié ({}) ; texte manquant : {}.",
            card.name.split(" // ").next().unwrap_or_default(),
            missing.join(", ")
        )?;
    }
    let related = cards.related(card);
    if !related.is_empty() {
        writeln!(out, "\nRègles liées :")?;
        for r in &related {
            let title = graph.find(r.rule).and_then(|i| graph.node(i).title.clone());
            let title = title.map(|t| format!(" — {t}")).unwrap_or_default();
            writeln!(out, "  {}{title} ({})", r.rule, r.why)?;
        }
    }
    card_of_2018(card, out)?;
    if !in_scenarios.is_empty() {
        writeln!(out, "\nScénarios où elle paraît :")?;
        for s in &in_scenarios {
            writeln!(out, "  {} — arbitre explique {}", s.title, s.path)?;
        }
    }
    writeln!(out, "\n{}", crate::cards::NOTICE)?;
    Ok(0)
}

/// A card's Oracle text after a blank line; a card with halves (Fire //
/// Ice from a download) or other faces the data has as cards (Insectile
/// Aberration) has each under its name, the others with their cost, type
/// line and stats.
fn oracle_text(card: &crate::cards::Card, faces: &[&crate::cards::Card]) -> String {
    if card.halves.is_empty() && faces.is_empty() {
        return format!("\n{}\n", card.text);
    }
    let mut out = format!("\n{}\n{}\n", card.name.split(" // ").next().unwrap_or_default(), card.text);
    let halves = card.halves.iter().map(|h| (&h.name, h.meta(), h.stats(), &h.text));
    let faces = faces.iter().map(|f| (&f.name, f.meta(), f.stats(), &f.text));
    for (name, meta, stats, text) in halves.chain(faces) {
        let meta: Vec<String> = [meta, stats].into_iter().filter(|s| !s.is_empty()).collect();
        let meta = if meta.is_empty() { String::new() } else { format!(" — {}", meta.join(" · ")) };
        out += &format!("\n{name}{meta}\n{text}\n");
    }
    out
}

/// What 2018 says of a card: its rulings and its French printed text, each
/// with a line when the English text changed since, or when nothing says.
fn card_of_2018(card: &crate::cards::Card, out: &mut dyn Write) -> anyhow::Result<()> {
    let stale = card.stale();
    if !card.rulings.is_empty() {
        writeln!(out, "\nDécisions (en anglais, jusqu'en 2018) :")?;
        for r in &card.rulings {
            writeln!(out, "  {} — {}", r.date, r.text)?;
        }
        match stale {
            Some(true) => writeln!(
                out,
                "Attention : le texte anglais de la carte a changé depuis 2018 ; ces décisions peuvent ne plus s'appliquer."
            )?,
            Some(false) => {}
            None => writeln!(
                out,
                "Attention : sans texte anglais de 2018 à comparer, on ne sait pas si la carte a changé depuis ; lisez ces décisions avec son texte Oracle ci-dessus."
            )?,
        }
    }
    if let Some(p) = card.latest_printed() {
        writeln!(out, "\nTexte français imprimé ({}, {}) : {}", p.set, p.date, p.type_line_shown())?;
        writeln!(out, "{}", p.text)?;
        if stale == Some(true) {
            writeln!(
                out,
                "Attention : le texte anglais de la carte a changé depuis {} ; ce texte français peut ne plus s'appliquer.",
                p.date
            )?;
        }
    }
    Ok(())
}

/// `cartes importe` and `cartes check`. What they print is French text,
/// given French typography here (`run` does it for the other commands).
fn cartes(action: CardsAction, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<u8> {
    use crate::cards::import;
    let french = |text: &str| crate::text::french_typography(text).replace(crate::text::NNBSP, &NBSP.to_string());
    match action {
        CardsAction::Importe { file, folder, replace } => {
            writeln!(err, "{}", french(&format!("Lecture de {}…", file.display())))?;
            let mut progress = |p: import::Progress| {
                let line = match p {
                    import::Progress::Format(f) => format!("Format reconnu : {f}"),
                    import::Progress::Read(n) => format!("  … {} fiches lues", import::thousands(n)),
                };
                let _ = writeln!(err, "{}", french(&line));
            };
            match import::import(&file, &folder, replace, &mut progress) {
                Ok(report) => {
                    write!(out, "{}", french(&report.to_text()))?;
                    let next = format!("Vérifiez : arbitre cartes check {}", folder.display());
                    writeln!(out, "{}", french(&next))?;
                    Ok(0)
                }
                Err(e) => {
                    writeln!(err, "{}", french(&format!("erreur : {e}")))?;
                    Ok(e.exit_code())
                }
            }
        }
        CardsAction::Check { folder, json } => match import::check_folder(&folder) {
            Ok(check) => {
                if json {
                    serde_json::to_writer_pretty(&mut *out, &check)?;
                    writeln!(out)?;
                } else {
                    write!(out, "{}", french(&check.to_text()))?;
                }
                Ok(if check.ok { 0 } else { 1 })
            }
            Err(e) => {
                writeln!(err, "{}", french(&format!("erreur : {e}")))?;
                Ok(2)
            }
        },
    }
}

/// The files `vocabulaire` reads and writes.
struct VocabularyFiles<'a> {
    /// The vocabulary whose generated part is written again.
    update: Option<&'a Path>,
    /// The card file mined beside the translated rules.
    cards: Option<&'a Path>,
    /// Where the learned translation table is written.
    translations: Option<&'a Path>,
}

/// `vocabulaire`: the vocabulary entries the aligned editions give, printed
/// as lines of `rules/vocabulaire.tsv` between their marker lines; with
/// `--met-a-jour`, written in place of that part of the file (the rest, the
/// entries written by hand, is kept as it is); with `--traductions`, the
/// word translations learned from the texts in two languages
/// ([`crate::lexicon::model`]) written to that file.
fn vocabulaire(
    files: &VocabularyFiles<'_>,
    corpus: &CorpusArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<u8> {
    let loaded = corpus.load(err)?;
    let mut entries = loaded.graph.aligned_titles();
    let hand = crate::lexicon::Lexicon::new(
        crate::lexicon::Lexicon::embedded()
            .entries()
            .iter()
            .filter(|e| !matches!(e.kind, crate::lexicon::Kind::Aligned))
            .cloned()
            .chain(entries.clone())
            .collect(),
    );
    let rules = crate::lexicon::mining::Thresholds { dice: 0.6, together: 4 };
    let translated = loaded.graph.translated_pairs();
    let mined = crate::lexicon::mining::mine(&translated, rules, "règles traduites", &hand);
    let hand = crate::lexicon::Lexicon::new(hand.entries().iter().chain(&mined).cloned().collect());
    entries.extend(mined);
    let cards = files.cards.map(read_cards).transpose()?.unwrap_or_default();
    if let Some(path) = files.cards {
        writeln!(err, "{} : {} cartes imprimées en français lues", path.display(), cards.len())?;
        let pairs = cards_as_pairs(&cards);
        let limits = crate::lexicon::mining::Thresholds { dice: 0.5, together: 8 };
        entries.extend(crate::lexicon::mining::mine(&pairs, limits, "cartes imprimées", &hand));
    }
    if let Some(path) = files.translations {
        let start = std::time::Instant::now();
        use crate::lexicon::model;
        let cards = cards_weighted(&cards);
        let parallels = model::parallels(&translated, &cards, &[], &hand);
        let mut rows = model::train(&parallels, model::Options::default());
        // The glosses teach the words the translations and cards never say.
        let glosses = glossed_pairs(&loaded.graph);
        if !glosses.is_empty() {
            let more = model::train(&model::parallels(&translated, &cards, &glosses, &hand), model::Options::default());
            rows = model::fill_gaps(rows, more);
        }
        let table = model::table_text(&rows, parallels.len(), glosses.len());
        std::fs::write(path, table).map_err(|e| anyhow::anyhow!("{} : écriture impossible ({e})", path.display()))?;
        writeln!(
            err,
            "{} : {} traduction(s) de {} mot(s) apprise(s) de {} paire(s) de textes et {} glose(s) en {:.1} s",
            path.display(),
            rows.len(),
            rows.iter().map(|r| r.fr.as_str()).collect::<std::collections::BTreeSet<_>>().len(),
            parallels.len(),
            glosses.len(),
            start.elapsed().as_secs_f64()
        )?;
    }
    let block = crate::lexicon::generated_block(&entries);
    let Some(path) = files.update else {
        write!(out, "{block}")?;
        writeln!(err, "{} entrée(s) tirée(s) des éditions alignées", entries.len())?;
        return Ok(0);
    };
    let old = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("{} illisible : {e}", path.display()))?;
    let new = crate::lexicon::replace_generated(&old, &block);
    crate::lexicon::Lexicon::parse(&path.display().to_string(), &new)?;
    std::fs::write(path, &new)?;
    writeln!(out, "{} : {} entrée(s) générée(s) écrite(s)", path.display(), entries.len())?;
    Ok(0)
}

/// Each French gloss ([`crate::lexicon::glosses`]) beside the English text
/// of the rule it retells, in the edition it was written from; empty when
/// that edition is not loaded.
fn glossed_pairs(graph: &crate::graph::Graph) -> Vec<(String, String)> {
    let Some(glosses) = crate::lexicon::glosses::Glosses::embedded() else { return Vec::new() };
    let Some(edition) = graph.edition_dated(crate::vocab::Lang::En, glosses.edition) else { return Vec::new() };
    glosses
        .entries
        .iter()
        .filter_map(|g| {
            let node = graph.node(*graph.occurrences(edition, g.rule).first()?);
            (!node.text.trim().is_empty()).then(|| (g.gloss.clone(), node.text.clone()))
        })
        .collect()
}

/// A card's French printed text beside the English text of its time, the
/// card's own names taken out of both.
struct CardText {
    fr: String,
    en: String,
    /// The card, its set and date (« Abbey Griffin (ISD 2011-09-30) »).
    label: String,
    /// The date of the printing.
    date: String,
}

/// The cards' texts as pairs for [`crate::lexicon::mining::mine`].
fn cards_as_pairs(cards: &[CardText]) -> Vec<(String, String, String)> {
    // Without their reminder texts: they say the rules again in other words,
    // not the card's words side by side in two languages.
    let text = crate::text::without_parentheses;
    cards.iter().map(|c| (text(&c.fr), text(&c.en), c.label.clone())).collect()
}

/// The date of the Magic 2010 core set, from which cards print today's
/// words of the rules (« champ de bataille », « exil »; before, « en jeu »,
/// « retirez de la partie »).
const M10: &str = "2009-07-17";

/// The cards' texts for [`crate::lexicon::model::parallels`]: a printing
/// since [`M10`] counts twice, an older one once.
fn cards_weighted(cards: &[CardText]) -> Vec<(String, String, u32)> {
    cards.iter().map(|c| (c.fr.clone(), c.en.clone(), if c.date.as_str() >= M10 { 2 } else { 1 })).collect()
}

/// The French printed texts of a card file (`mtgjson3-fr-rulings.json.gz`,
/// see `../shared/cards/README.md`) beside the English text of their time:
/// one per card, its newest French printing, the card's own names taken
/// out of both texts.
fn read_cards(path: &Path) -> anyhow::Result<Vec<CardText>> {
    #[derive(serde::Deserialize)]
    struct Card {
        name: String,
        #[serde(default)]
        fr: Vec<String>,
        #[serde(default)]
        fr_printed: Vec<Printed>,
    }
    #[derive(serde::Deserialize)]
    struct Printed {
        #[serde(default)]
        set: String,
        #[serde(default)]
        date: String,
        #[serde(default)]
        text: Option<String>,
        #[serde(default)]
        oracle_then: Option<String>,
    }
    let file = std::fs::File::open(path).map_err(|e| anyhow::anyhow!("{} illisible : {e}", path.display()))?;
    let reader = std::io::BufReader::new(flate2::read::GzDecoder::new(file));
    let cards: Vec<Card> = serde_json::from_reader(reader)
        .map_err(|e| anyhow::anyhow!("{} : pas un fichier de cartes lisible ({e})", path.display()))?;
    let mut out = Vec::new();
    for c in cards {
        let newest = c
            .fr_printed
            .into_iter()
            .filter(|p| p.text.is_some() && p.oracle_then.is_some())
            .max_by(|a, b| a.date.cmp(&b.date));
        if let Some(p) = newest {
            // A card's own name is not a game word (« Salve d'aura » is not « Aura Blast »).
            let without = |text: String, names: &[String]| {
                names.iter().filter(|n| !n.is_empty()).fold(text, |t, n| t.replace(n.as_str(), " "))
            };
            let label = format!("{} ({} {})", c.name, p.set, p.date);
            let fr = without(p.text.unwrap_or_default(), &c.fr);
            let en = without(p.oracle_then.unwrap_or_default(), std::slice::from_ref(&c.name));
            out.push(CardText { fr, en, label, date: p.date });
        }
    }
    Ok(out)
}

/// A rule's versions across the loaded editions, oldest first.
pub fn history_text(g: &Graph, idx: NodeIdx) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Historique de RC {} — {} version(s)\n", g.cited_label(idx), g.history(idx).len());
    for h in g.history(idx) {
        let change = match (&h.translates, h.change) {
            (Some(t), _) => format!("traduction de {} {}", t.id, edition_label(t.language, t.edition.as_deref())),
            (None, None) => "première version chargée".to_string(),
            (None, Some(Relation::Same)) => "même texte".to_string(),
            (None, Some(_)) => "texte modifié".to_string(),
        };
        let renumbered =
            h.renumbered_from.as_deref().map(|f| format!(" · renumérotée (était {f})")).unwrap_or_default();
        let _ = writeln!(
            out,
            "{} — {} · {change}{renumbered}",
            h.rule.id,
            edition_label(h.rule.language, h.rule.edition.as_deref())
        );
        let _ = writeln!(out, "  {}\n", h.text.replace('\n', "\n  "));
    }
    out
}

/// « en 2026-01-16 », « fr (non datée) ».
fn edition_label(language: Lang, date: Option<&str>) -> String {
    format!("{language} {}", date.unwrap_or("(non datée)"))
}

/// A rule as French text, for the terminal: heading, text, examples, other
/// texts under the same number, family, references, citations.
pub fn rule_text(g: &Graph, idx: NodeIdx) -> String {
    let v = g.view(idx);
    let mut out = String::new();
    rule_heading(g, idx, &v, &mut out);
    rule_body(g, idx, &v, &mut out);
    rule_in_force(g, idx, &mut out);
    // Parent, neighbours and citations in today's numbering: the French
    // 701.16a of 2024 is 701.20a, and 701.16 is Investigate today.
    let in_force = g.standing(idx).in_force.map(|c| g.view(c));
    let nav = in_force.as_ref().unwrap_or(&v);
    rule_family(nav, &mut out);
    rule_references(g, idx, &mut out);
    rule_citations(nav, &v, &mut out);
    out
}

/// « RC 608.2b — title » (the number in force), then the edition, the
/// number in it when another, and the source line; then whether the rule
/// is still in force and changed since this text.
fn rule_heading(g: &Graph, idx: NodeIdx, v: &RuleView, out: &mut String) {
    let title = v.title.as_deref().map(|t| format!(" — {t}")).unwrap_or_default();
    let cited = g.cited_label(idx);
    let _ = writeln!(out, "RC {cited}{title}");
    let lang =
        if v.language != v.edition_language { format!(" · texte en {}", v.language.name_fr()) } else { String::new() };
    let number = if cited != v.id { format!(", règle {} dans cette édition", v.id) } else { String::new() };
    let _ = writeln!(
        out,
        "Édition {}{number}{lang} · {}, ligne {}",
        edition_label(v.edition_language, v.edition.as_deref()),
        v.source.path,
        v.source.line
    );
    let standing = g.standing(idx);
    match (standing.in_force, g.current()) {
        (None, Some(current)) if g.gone(idx) == Some(Gone::Removed) => {
            let _ =
                writeln!(out, "Cette règle n'est plus dans les règles en vigueur ({}).", g.edition(current).label());
        }
        (None, Some(current)) if g.gone(idx) == Some(Gone::Unpaired) => {
            let _ = writeln!(
                out,
                "Aucune règle en vigueur ({}) n'est reliée à ce texte : il peut y être sous un autre numéro.",
                g.edition(current).label()
            );
        }
        (Some(_), _) if standing.changed() => {
            let year = v.edition.as_deref().map_or("", |d| &d[..4]);
            let _ = writeln!(out, "Ce texte date de {year} ; la règle a changé depuis (voir ci-dessous).");
        }
        _ => {}
    }
    let _ = writeln!(out);
}

/// The rule in force beside an older or translated text, and what changed
/// in its English text since the one this text stands for.
fn rule_in_force(g: &Graph, idx: NodeIdx, out: &mut String) {
    let standing = g.standing(idx);
    let Some(now) = standing.in_force.filter(|_| standing.shows_in_force_beside(idx)) else { return };
    let n = g.node(now);
    let _ = writeln!(out, "En vigueur ({}) : RC {}", g.edition(n.edition).label(), n.label());
    let _ = writeln!(out, "{}\n", n.text);
    if let (true, Some(original)) = (standing.changed(), standing.original) {
        let o = g.node(original);
        let _ = writeln!(
            out,
            "Changements depuis {} {} ([-retiré-] {{+ajouté+}}) :",
            g.edition(o.edition).label(),
            o.label()
        );
        let diff: String = crate::text::word_diff(&o.text, &n.text)
            .iter()
            .map(|p| match p.kind {
                crate::text::DiffKind::Same => p.text.clone(),
                crate::text::DiffKind::Removed => format!("[-{}-]", p.text),
                crate::text::DiffKind::Added => format!("{{+{}+}}", p.text),
            })
            .collect();
        let _ = writeln!(out, "{diff}\n");
    }
}

/// The text (or why there is none), the examples, other texts printed under the same number.
fn rule_body(g: &Graph, idx: NodeIdx, v: &RuleView, out: &mut String) {
    if v.text.is_empty() {
        let why = match v.origin {
            Origin::Contents => "connue par le sommaire seulement : son texte n'est pas dans le corpus",
            Origin::Implied => "numéro non imprimé dans la source ; il regroupe les sous-règles ci-dessous",
            Origin::Heading => "titre imprimé sans numéro ; le texte est dans les sous-règles ci-dessous",
            Origin::Source => "pas de texte",
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
    let n = g.node(idx);
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
}

/// Parent, subrules, previous and next.
fn rule_family(v: &RuleView, out: &mut String) {
    let _ = writeln!(out, "Parent : {}", v.parent.as_deref().unwrap_or("aucun"));
    let children = if v.children.is_empty() { "aucune".to_string() } else { v.children.join(", ") };
    let _ = writeln!(out, "Sous-règles : {children}");
    let _ = writeln!(
        out,
        "Précédente : {} · Suivante : {}",
        v.previous.as_deref().unwrap_or("aucune"),
        v.next.as_deref().unwrap_or("aucune")
    );
}

/// Each reference of the text and its examples, as printed, with what it leads to.
fn rule_references(g: &Graph, idx: NodeIdx, out: &mut String) {
    let n = g.node(idx);
    let refs = std::iter::once(idx).chain(n.examples.iter().copied()).flat_map(|from| g.references(from));
    let mut lines: Vec<String> = Vec::new();
    for e in refs {
        let printed = &g.node(e.from).text[e.span.start as usize..e.span.end as usize];
        // Followed as the site follows it: an older text's « 112.7a » is today's 113.7a.
        let leads = g.leads_to(e);
        let target = match leads {
            Resolution::Resolved(t) => g.cited_label(t),
            _ => e.target.to_string(),
        };
        let what = match leads {
            Resolution::Resolved(t) if g.node(t).edition == n.edition => "résolue".to_string(),
            Resolution::Resolved(t) => {
                format!("résolue (édition {})", g.edition(g.node(t).edition).label())
            }
            Resolution::TitleOnly(t) => {
                let tn = g.node(t);
                let kind = if tn.kind == NodeKind::Section { "section" } else { "chapitre" };
                format!(
                    "titre seul — {kind} {} « {} » (édition {})",
                    tn.label(),
                    tn.title.as_deref().unwrap_or(""),
                    g.edition(tn.edition).label()
                )
            }
            Resolution::Dangling => "introuvable dans le corpus".to_string(),
        };
        lines.push(format!("  « {printed} » → {target} : {what}"));
    }
    let _ = writeln!(out, "Références :{}", if lines.is_empty() { " aucune" } else { "" });
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
}

/// The rules citing the rule in force (`nav`), and the other editions of
/// the text shown (`v`).
fn rule_citations(nav: &RuleView, v: &RuleView, out: &mut String) {
    let mut citing: Vec<String> = nav.cited_by.iter().map(|c| c.id.clone()).collect();
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
}

/// Milliseconds with a French decimal comma.
fn ms(d: std::time::Duration) -> String {
    crate::text::decimal_fr(d.as_secs_f64() * 1000.0, 2)
}

fn build_index(
    loaded: &crate::Loaded,
    glosses: Option<&crate::lexicon::glosses::Glosses>,
    err: &mut dyn Write,
) -> anyhow::Result<SearchIndex> {
    let index = SearchIndex::build_with(&loaded.graph, glosses)
        .map_err(|e| anyhow::anyhow!("construction de l'index impossible : {e}"))?;
    writeln!(
        err,
        "index : {} documents et {} gloses françaises, construit en {} ms",
        index.documents,
        index.glosses,
        ms(index.build_time)
    )?;
    Ok(index)
}

/// Waits for the cards read beside the rules, and says how long: the
/// search's own time is printed apart.
fn wait_for_cards(reading: std::thread::JoinHandle<usize>, err: &mut dyn Write) -> std::io::Result<()> {
    let waited = std::time::Instant::now();
    let n = reading.join().unwrap_or_default();
    writeln!(
        err,
        "cartes : {} lues ({} ms attendues après l'index)",
        crate::cards::import::thousands(n),
        ms(waited.elapsed())
    )
}

/// The cards a search names, each with its ruling closest to the
/// question and the warning to read before it.
fn cards_named(results: &crate::search::Results, out: &mut dyn Write) -> anyhow::Result<()> {
    let cards = results.card_views();
    if !cards.is_empty() {
        writeln!(out, "{} :", if cards.len() > 1 { "Cartes nommées" } else { "Carte nommée" })?;
        for c in &cards {
            let french = if c.french.is_empty() { String::new() } else { format!(" ({})", c.french.join(", ")) };
            writeln!(out, "  {}{french} — {} — arbitre carte \"{}\"", c.name, c.type_line, c.name)?;
            if let Some(r) = &c.ruling {
                writeln!(out, "    Décision du {}, la plus proche de la question : {}", r.date, r.text)?;
                if let Some(w) = r.warning {
                    writeln!(out, "    {w}")?;
                }
            }
        }
        writeln!(out, "  {}\n", crate::cards::NOTICE)?;
    }
    Ok(())
}

fn cherche(
    query: &str,
    json: bool,
    limit: usize,
    filters: &Filters,
    corpus: &CorpusArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<u8> {
    let query = &crate::text::typed(query);
    if query.is_empty() {
        writeln!(err, "erreur : requête vide : donnez des mots, un numéro de règle ou un nom de carte")?;
        return Ok(2);
    }
    // The cards are read beside the rules and their index; what is left
    // of their reading is waited for before the search, and said apart
    // from it, so that the time printed is the search's.
    let reading = std::thread::spawn(|| crate::cards::Cards::embedded().cards.len());
    let loaded = corpus.load(err)?;
    let g = &loaded.graph;
    let index = build_index(&loaded, crate::lexicon::glosses::Glosses::embedded(), err)?;
    if index.with_cards {
        wait_for_cards(reading, err)?;
    }
    let results = index.search(g, query, limit, filters);
    if json {
        serde_json::to_writer_pretty(&mut *out, &results.items(g))?;
        writeln!(out)?;
        return Ok(0);
    }
    let shown = crate::text::quote(query);
    cards_named(&results, out)?;
    let t = index.translation(query);
    if !t.fr.is_empty() || !t.en.is_empty() {
        writeln!(err, "cherché en français : « {} » ; en anglais : « {} »", t.fr, t.en)?;
    }
    if results.loosened {
        writeln!(out, "Aucun texte ne contient l'expression entre guillemets telle quelle : résultats pour ses mots.")?;
    }
    if let Some(d) = results.definition {
        let v = g.definition_view(d);
        writeln!(
            out,
            "Définition ({} — glossaire, édition {}) :",
            v.term,
            edition_label(v.language, v.edition.as_deref())
        )?;
        writeln!(out, "  {}\n", v.definition.replace('\n', "\n  "))?;
    }
    match results.hits.len() {
        0 => {
            writeln!(out, "Aucun résultat pour « {shown} » ({} ms).", ms(results.elapsed))?;
            if let Some(&id) = results.query.ids.first() {
                let near: Vec<String> = g.nearest(id, 5).iter().map(|i| i.to_string()).collect();
                if !near.is_empty() {
                    writeln!(out, "Règles proches : {}", near.join(", "))?;
                }
            }
        }
        n => {
            let s = if n > 1 { "s" } else { "" };
            writeln!(out, "{n} résultat{s} pour « {shown} » ({} ms)", ms(results.elapsed))?;
        }
    }
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stdout());
    for (i, h) in results.hits.iter().enumerate() {
        let v = h.view(g);
        let title = v.title.as_deref().map(|t| format!(" — {t}")).unwrap_or_default();
        let edition =
            format!("{} {}", g.edition(g.node(h.node).edition).language, v.edition.as_deref().unwrap_or("non daté"));
        writeln!(out, "\n{}. {}{title}  [{edition}]", i + 1, v.id)?;
        let (on, off) = if terminal { ("\x1b[1m", "\x1b[0m") } else { ("", "") };
        writeln!(out, "   {}", h.snippet.to_text(on, off))?;
        let year = v.edition.as_deref().and_then(|d| d.get(..4)).unwrap_or_default();
        if v.changed_since {
            writeln!(out, "   Attention : texte de {year}, la règle a changé depuis : arbitre regle {}", v.id)?;
        } else if v.removed_since {
            writeln!(out, "   Attention : texte de {year}, cette règle n'est plus dans les règles en vigueur")?;
        }
    }
    Ok(0)
}

/// What an evaluation leaves out, to measure what it brings.
#[derive(Debug, Clone, Copy)]
struct Without {
    cards: bool,
    glosses: bool,
}

fn evalue(
    file: &std::path::Path,
    json: bool,
    without: Without,
    filters: &Filters,
    corpus: &CorpusArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<u8> {
    let path = file.to_string_lossy();
    let text = match std::fs::read(file) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            writeln!(err, "erreur : {}", crate::corpus::LoadError::io(&path, &e))?;
            return Ok(1);
        }
    };
    let questions = match eval::parse(&path, &text) {
        Ok(q) => q,
        Err(e) => {
            writeln!(err, "erreur : {e}")?;
            return Ok(1);
        }
    };
    let loaded = corpus.load(err)?;
    let glosses = if without.glosses { None } else { crate::lexicon::glosses::Glosses::embedded() };
    let mut index = build_index(&loaded, glosses, err)?;
    index.with_cards = !without.cards;
    let (outcomes, summary) = eval::run(&index, &loaded.graph, &questions, filters);
    if json {
        serde_json::to_writer_pretty(&mut *out, &serde_json::json!({ "queries": outcomes, "summary": summary }))?;
        writeln!(out)?;
        return Ok(0);
    }
    for o in &outcomes {
        let rank = o.rank.map_or("—".to_string(), |r| r.to_string());
        write!(out, "{rank:>3}  {}  → {}", o.query, o.answers.join(", "))?;
        if o.rank != Some(1) {
            let first: Vec<&str> = o.results.iter().take(3).map(String::as_str).collect();
            write!(
                out,
                "  (en tête : {})",
                if first.is_empty() { "aucun résultat".to_string() } else { first.join(", ") }
            )?;
        }
        writeln!(out)?;
    }
    let f = |x: f64| crate::text::decimal_fr(x, 3);
    writeln!(
        out,
        "\nMRR@10 : {} · rappel@1 : {} · rappel@5 : {} ({} requêtes)",
        f(summary.mrr_at_10),
        f(summary.recall_at_1),
        f(summary.recall_at_5),
        summary.queries
    )?;
    Ok(0)
}

fn serve(
    addr: &str,
    workers: Option<usize>,
    with_cards: bool,
    corpus: &CorpusArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<u8> {
    let start = std::time::Instant::now();
    // The allocator's settings, before anything big is built.
    crate::web::prepare_memory();
    let loaded = corpus.load(err)?;
    let documents = loaded.graph.documents().len();
    let rules = loaded.graph.counts(None).rules;
    let mut state = crate::web::AppState::new(loaded.graph).map_err(|e| anyhow::anyhow!(e))?;
    state.index.with_cards = with_cards;
    let indexed = state.index.documents;
    let examples = state.examples.entries.len();
    for e in &state.examples.errors {
        writeln!(err, "attention : scénario illisible, absent de /exemples : {e}")?;
    }
    actix_web::rt::System::new().block_on(async move {
        let (server, addrs) = match crate::web::bind(addr, state, workers) {
            Ok(bound) => bound,
            Err(e) => {
                let why = match e.kind() {
                    std::io::ErrorKind::AddrInUse => "adresse déjà utilisée".to_string(),
                    std::io::ErrorKind::PermissionDenied => "accès refusé".to_string(),
                    _ => format!("{e}"),
                };
                writeln!(err, "erreur : impossible d'écouter sur {addr} ({why})")?;
                return Ok(1);
            }
        };
        for a in &addrs {
            let ms = start.elapsed().as_millis();
            writeln!(
                out,
                "arbitre : http://{a} — démarré en {ms} ms ({documents} documents, {rules} règles, index de {indexed} \
                 documents, {examples} exemples de décisions)"
            )?;
        }
        out.flush()?;
        server.await?;
        Ok(0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carte_prints_each_half_under_its_name() {
        let mut fire = crate::cards::Cards::embedded().find("Fire // Ice").unwrap().clone();
        let fire_text = "Fire deals 2 damage divided as you choose among one or two targets.";
        assert_eq!(oracle_text(&fire, &[]), format!("\n{fire_text}\n"));
        fire.halves = crate::cards::ice_of_fire_and_ice();
        assert_eq!(
            oracle_text(&fire, &[]),
            format!("\nFire\n{fire_text}\n\nIce — {{1}}{{U}} · Instant\nTap target permanent.\nDraw a card.\n")
        );
    }
}
