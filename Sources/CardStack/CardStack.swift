// CardStack: placeholder until its issue lands.
