
#compdef paigow

_paigow_completion() {
  eval $(env _TYPER_COMPLETE_ARGS="${words[1,$CURRENT]}" _PAIGOW_COMPLETE=complete_zsh paigow)
}

compdef _paigow_completion paigow

